import Foundation
import Messages
import SharedTestData
import SpecRun
import XCTest

/// One CCK sample run through specrun: its feature files, its options from `<sample>.arguments.txt`,
/// the expected envelopes, and the envelopes specrun emits for it.
struct CCKSampleRun {
    let sample: String
    let folder: URL

    init(_ sample: String) throws {
        guard let folder = CCK.folder(sample) else {
            throw XCTSkip(SharedData.notice("reference/cck", "CCK sample \(sample)"))
        }
        self.sample = sample
        self.folder = folder
    }

    /// The sample's `.feature` and `.feature.md` files, by name (multiple-features-1, -2, -3).
    func featureFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            .sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// The run options of the sample: `--retry N` and `--order reverse` are mapped onto RunConfiguration;
    /// unknown-parameter types are reported as messages, as the CCK expects. URIs come out relative to the
    /// CCK folder (`minimal/minimal.feature`; the expected ones have a `samples/` prefix).
    func configuration() throws -> RunConfiguration {
        var configuration = RunConfiguration(
            paths: try featureFiles(), strict: true,
            workingDirectory: folder.deletingLastPathComponent().path,
            unknownParameterTypes: .report)
        var arguments = try self.arguments()[...]
        while let option = arguments.popFirst() {
            switch option {
            case "--retry":
                guard let value = arguments.popFirst().flatMap(Int.init) else { throw CCKSampleError("--retry needs a number") }
                configuration.retry = value
            case "--order":
                guard let value = arguments.popFirst().flatMap(RunConfiguration.Order.init(parsing:)) else {
                    throw CCKSampleError("--order needs defined, reverse or random")
                }
                configuration.order = value
            default:
                throw CCKSampleError("\(sample).arguments.txt: option \(option) has no specrun equivalent")
            }
        }
        return configuration
    }

    func arguments() throws -> [String] {
        let file = folder.appendingPathComponent("\(sample).arguments.txt")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The expected envelopes, one JSON tree per line of `<sample>.ndjson`.
    func expected() throws -> [JSONValue] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(sample).ndjson"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    /// Runs specrun on the sample with predictable IDs and a stepping clock; returns the NDJSON lines.
    func run(_ libraries: [any StepLibrary.Type]) async throws -> [String] {
        try await runWithSummary(libraries).lines
    }

    func runWithSummary(_ libraries: [any StepLibrary.Type]) async throws -> (lines: [String], summary: RunSummary) {
        let runner = SpecRunner(
            libraries: libraries, configuration: try configuration(),
            ids: IncrementingIdGenerator(), clock: SteppingClock(), environment: [:])
        var envelopes: [Envelope] = []
        let summary = try await runner.run { envelopes.append($0) }
        return (try envelopes.map { try NDJSON.encode($0) }, summary)
    }

    /// Leaves the actual stream in the temporary folder (`specrun-cck/<sample>.ndjson`), for a closer look.
    func saveActual(_ lines: [String]) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-cck", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(sample).ndjson")
        try? (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

struct CCKSampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension XCTestCase {
    /// Runs the sample with its step library and fails with the first difference from `<sample>.ndjson`.
    func assertSampleMatches(
        _ sample: String, _ library: any StepLibrary.Type,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        try await assertSampleMatches(sample, libraries: [library], file: file, line: line)
    }

    /// The same with any number of step libraries (none: a run without any support code).
    func assertSampleMatches(
        _ sample: String, libraries: [any StepLibrary.Type],
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let run = try CCKSampleRun(sample)
        let (actualLines, summary) = try await run.runWithSummary(libraries)
        let saved = run.saveActual(actualLines)
        let actual = try actualLines.map(JSONValue.parse)
        let expected = try run.expected()
        if let difference = MessageStreamComparer().compare(expected: expected, actual: actual) {
            XCTFail("CCK sample \(sample): \(difference)\n  actual stream saved to \(saved)", file: file, line: line)
        }
        // The summary (which decides the CLI's exit code) must agree with the stream's verdict.
        if case .bool(let success)? = expected.last?["testRunFinished"]?["success"] {
            XCTAssertEqual(
                summary.success, success,
                "CCK sample \(sample): RunSummary.success disagrees with the expected "
                    + "testRunFinished.success", file: file, line: line)
        }
    }
}
