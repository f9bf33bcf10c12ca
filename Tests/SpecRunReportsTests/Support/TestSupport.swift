import Foundation
import Messages
import SharedTestData
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The folder of this test target's fixtures (located from this file, so it works from any working directory).
func fixturesFolder() -> URL {
    testTargetFolder.appendingPathComponent("Fixtures")
}

/// Tests/SpecRunReportsTests, from this file's own path (symbolic links resolved).
let testTargetFolder = URL(fileURLWithPath: realPath("\(#filePath)")).deletingLastPathComponent().deletingLastPathComponent()

/// `../shared` next to the repository, or an XCTSkip with a one-line notice when it is absent.
func sharedFolder() throws -> URL {
    _ = try SharedData.require("reference", "the official reference cases")
    return SharedData.root!
}

func loadEnvelopes(_ url: URL) throws -> [Envelope] {
    try NDJSON.decode(String(contentsOf: url, encoding: .utf8), uri: url.path)
}

func sampleEnvelopes() throws -> [Envelope] {
    try loadEnvelopes(fixturesFolder().appendingPathComponent("sample.ndjson"))
}

/// Runs a format over envelopes and returns what it wrote.
func render(_ format: ReportFormat, _ envelopes: [Envelope], options: ReportOptions = ReportOptions()) throws -> String {
    let sink = MemorySink()
    let formatter = makeFormatter(format, sink: sink, options: options)
    for envelope in envelopes { formatter.handle(envelope) }
    try formatter.finish()
    return sink.text
}

/// The files of a folder with an extension, sorted by name.
func files(in folder: URL, withSuffix suffix: String) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .filter { $0.lastPathComponent.hasSuffix(suffix) }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
}

/// The path of an executable on PATH, if any.
func executable(_ name: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a program, returning its exit status and combined output.
func runProgram(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-reports-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The path with every symbolic link resolved (`realpath`).
func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}
