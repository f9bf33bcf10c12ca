import Foundation
import XCTest

/// Runs the `specrun-crash-fixture` executable (a step library that crashes, hangs and exits) as a user would.
extension XCTestCase {

    /// A message stream with every timestamp and duration zeroed: what two runs of the same features share.
    func timeless(_ path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let time = try NSRegularExpression(pattern: #""(timestamp|duration)":\{"nanos":\d+,"seconds":\d+\}"#)
        return time.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: #""$1":{"nanos":0,"seconds":0}"#)
    }

    func fixtureExecutable() throws -> URL {
        // The build products folder: where the test bundle (macOS) or the test executable (Linux) lives.
        let places = [
            Bundle(for: type(of: self)).bundleURL, Bundle.main.bundleURL,
            Bundle.main.executableURL ?? Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments.first ?? "."),
        ]
        .flatMap { [$0.deletingLastPathComponent(), $0] }
        for folder in places {
            let candidate = folder.appendingPathComponent("specrun-crash-fixture")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip(
            "specrun-crash-fixture is not built next to the tests (\(places.first?.path ?? "?")); run `swift build --product specrun-crash-fixture` first"
        )
    }

    func runProcess(
        _ executable: URL, _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Not this repository's folder: its specrun.json would add reports to every run.
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = ErrorsReader(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), errors.text())
    }

    /// Reads stderr on its own thread while stdout is read, so neither pipe can fill up and block the child.
    final class ErrorsReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    func makeFixtureFeatures(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
