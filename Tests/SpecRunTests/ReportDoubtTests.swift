import Foundation
import Messages
import XCTest

@testable import SpecRun

/// `specrun report` never turns doubt into green: a stream that contradicts itself (duplicate ids, references to
/// envelopes it does not have, results for unknown test cases) is one line per problem and not a passing run; an
/// envelope of an unknown (newer) kind is skipped with one warning and the rest is read; a stream that ended
/// early gives reports marked incomplete in every format and names the scenario that was running.
final class ReportDoubtTests: XCTestCase {
    func test_report_namesEachDuplicateTestCaseIdAndDoesNotPassOnATestCaseDefinedTwice() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream)
        let testCase = try XCTUnwrap(lines.firstIndex { $0.contains(#"{"testCase":"#) })
        let doubled = lines[..<testCase] + [lines[testCase]] + lines[testCase...]
        let (code, console) = await report(try write(Array(doubled), "\(folder)/dup.ndjson"), folder: folder)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertEqual(console.stderr.components(separatedBy: "is defined twice").count - 1, 1, console.stderr)
        try assertNotGreen(folder, reason: "InconsistentStream")
    }

    func test_report_namesEveryTestCaseWhosePickleIsMissingAndDoesNotPass() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream).filter { !$0.hasPrefix(#"{"pickle":"#) }
        let (code, console) = await report(try write(lines, "\(folder)/nopickles.ndjson"), folder: folder)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertEqual(console.stderr.components(separatedBy: "which the stream does not have").count - 1, 3, console.stderr)
        try assertNotGreen(folder, reason: "InconsistentStream")
    }

    func test_report_namesResultsForAnUnknownTestCaseAndDoesNotPass() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream).filter { !$0.hasPrefix(#"{"testCase":"#) }
        let (code, console) = await report(try write(lines, "\(folder)/nocases.ndjson"), folder: folder, exitStatus: true)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertEqual(console.stderr.components(separatedBy: "which the stream does not define").count - 1, 3, console.stderr)
        try assertNotGreen(folder, reason: "InconsistentStream")
    }

    func test_report_doesNotPassAStreamWhoseTestRunFinishedClaimsSuccessOverAFailedTestCase() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream).map {
            $0.hasPrefix(#"{"testRunFinished":"#) ? $0.replacingOccurrences(of: #""success":false"#, with: #""success":true"#) : $0
        }
        let (code, console) = await report(try write(lines, "\(folder)/liar.ndjson"), folder: folder, exitStatus: true)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertTrue(console.stderr.contains("testRunFinished says the run succeeded (envelope"), console.stderr)
        XCTAssertTrue(console.stderr.contains("yet 1 test case(s) failed"), console.stderr)
        try assertNotGreen(folder, reason: "InconsistentStream")
    }

    func test_report_skipsAnEnvelopeOfAnUnknownKindWithOneWarningAndReadsTheRest() async throws {
        let (folder, stream) = try await makeStream()
        var lines = try envelopeLines(stream)
        let newKind = #"{"testRunHookHeartbeat":{"id":"x","timestamp":{"seconds":1,"nanos":0}}}"#
        lines.insert(newKind, at: lines.count / 3)
        lines.insert(newKind, at: 2 * lines.count / 3)
        let (code, console) = await report(try write(lines, "\(folder)/newer.ndjson"), folder: folder, exitStatus: true)

        XCTAssertEqual(code, 1, "the run has a failing scenario: \(console.stderr)")
        XCTAssertEqual(console.stderr.components(separatedBy: "warning:").count - 1, 1, console.stderr)
        XCTAssertTrue(console.stderr.contains("skipped 2 envelopes of kind 'testRunHookHeartbeat'"), console.stderr)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="3" skipped="0" failures="1" errors="0""#), junit)
    }

    func test_report_marksEveryReportIncompleteAndNamesTheRunningScenarioOnAStreamCutShort() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream)
        let lastStart = try XCTUnwrap(lines.lastIndex { $0.hasPrefix(#"{"testCaseStarted":"#) })
        let (code, console) = await report(
            try write(Array(lines[...lastStart]), "\(folder)/cut.ndjson"), folder: folder,
            summary: true)

        XCTAssertEqual(code, 2, console.stderr)
        XCTAssertTrue(console.stderr.contains("'three' (\(folder)/features/a.feature:6) was running and did not finish"), console.stderr)
        XCTAssertTrue(console.stdout.contains("The run did not finish"), console.stdout)
        try assertNotGreen(folder, reason: "Incomplete")
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"name="the run did not finish""#), junit)
        let html = try String(contentsOfFile: "\(folder)/r.html", encoding: .utf8)
        XCTAssertTrue(html.contains(#"<p class="incomplete" role="alert""#), "the HTML banner")
    }

    func test_report_addsNoRunLevelErrorToAWholeConsistentStream() async throws {
        let (folder, stream) = try await makeStream()
        let (code, console) = await report(stream, folder: folder)

        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertEqual(console.stderr, "")
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="3" skipped="0" failures="1" errors="0""#), junit)
        let html = try String(contentsOfFile: "\(folder)/r.html", encoding: .utf8)
        XCTAssertFalse(html.contains(#"class="incomplete""#))
    }

    // MARK: - Helpers

    private func makeStream() async throws -> (folder: String, stream: String) {
        try await makeThreeScenarioStream(folderPrefix: "specrun-doubt")
    }

    private func report(_ stream: String, folder: String, exitStatus: Bool = false, summary: Bool = false) async -> (Int32, SpyConsole) {
        let console = SpyConsole()
        var arguments = [
            "report", stream, "--format", "junit:\(folder)/r.xml", "--format", "message:\(folder)/r.ndjson",
            "--format", "html:\(folder)/r.html",
        ]
        if summary { arguments += ["--format", "summary"] }
        if exitStatus { arguments.append("--exit-status") }
        let code = await SpecRunCLI.run(arguments, libraries: [CLITestSteps.self], console: console)
        return (code, console)
    }

    /// The reports say the run did not pass: the merged stream's testRunFinished, a JUnit error.
    private func assertNotGreen(_ folder: String, reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let merged = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.ndjson")))
        let finished = try XCTUnwrap(merged.last?.testRunFinished, file: file, line: line)
        XCTAssertFalse(finished.success, file: file, line: line)
        XCTAssertEqual(finished.exception?.type, reason, file: file, line: line)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"<error type="\#(reason)""#), junit, file: file, line: line)
    }

    private func envelopeLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func write(_ lines: [String], _ path: String) throws -> String {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
