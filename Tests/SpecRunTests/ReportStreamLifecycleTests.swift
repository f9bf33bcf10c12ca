import Foundation
import Messages
import XCTest

@testable import SpecRun

/// `specrun report` on streams whose run-level shape or numbers cannot be true (found by a hostile sweep): numbers out of
/// range (a report's arithmetic trapped on them: a Swift stack trace and no report), a second testRunStarted or
/// testRunFinished, envelopes after the run's end, a test case started and never finished in a finished run, a
/// retry promised and never run (the scenario vanished from every report: "0 scenarios", exit 0), an attachment for
/// a run that never started. Each is one line and the run is not reported as passed.
final class ReportStreamLifecycleTests: XCTestCase {
    func test_report_namesEachNumberAndDoesNotTrapOnTimestampsDurationsAndAttemptsOutOfRange() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream).map { line -> String in
            if line.hasPrefix(#"{"testRunStarted":"#) { return line.replacingSeconds(with: "-9223372036854775808") }
            if line.hasPrefix(#"{"testRunFinished":"#) { return line.replacingSeconds(with: "9223372036854775807") }
            if line.hasPrefix(#"{"testStepFinished":"#) {
                return line.replacingOccurrences(
                    of: #""duration":\{[^}]*\}"#, with: #""duration":{"nanos":999999999,"seconds":9223372036854775807}"#,
                    options: .regularExpression)
            }
            return line.replacingOccurrences(of: #""attempt":0"#, with: #""attempt":9223372036854775807"#)
        }
        let (code, console) = await report(try write(lines, "\(folder)/numbers.ndjson"), folder: folder)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertTrue(
            console.stderr.contains(
                "testRunStarted.timestamp {seconds: -9223372036854775808, nanos: 0} is not a time between the years 1 and 9999"),
            console.stderr)
        XCTAssertTrue(console.stderr.contains("is negative or longer than 10,000 years"), console.stderr)
        XCTAssertTrue(console.stderr.contains("testCaseStarted.attempt 9223372036854775807 is not between 0 and 1000"), console.stderr)
        try assertNotGreen(folder)
    }

    func test_report_namesTheScenarioAndDoesNotPassOnARetryPromisedAndNeverRun() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream).map { $0.replacingOccurrences(of: #""willBeRetried":false"#, with: #""willBeRetried":true"#) }
        let (code, console) = await report(try write(lines, "\(folder)/retried.ndjson"), folder: folder)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertEqual(
            console.stderr.components(separatedBy: "and no later attempt came before the run finished").count - 1, 3, console.stderr)
        XCTAssertTrue(console.stderr.contains("'one' ("), console.stderr)
        try assertNotGreen(folder)
    }

    func test_report_namesTheScenarioAndDoesNotPassOnATestCaseThatNeverFinishedInAFinishedRun() async throws {
        let (folder, stream) = try await makeStream()
        var lines = try envelopeLines(stream)
        lines.remove(at: try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"testCaseFinished":"#) }))
        let (code, console) = await report(try write(lines, "\(folder)/unfinished.ndjson"), folder: folder)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertTrue(console.stderr.contains("'one' ("), console.stderr)
        XCTAssertTrue(console.stderr.contains("and never finished, yet the run finished"), console.stderr)
        XCTAssertFalse(console.stderr.contains("it is reported failed"), "no report shows it failed: " + console.stderr)
        try assertNotGreen(folder)
    }

    func test_report_doesNotPassOnTwoTestRunFinishedOrEnvelopesAfterIt() async throws {
        let (folder, stream) = try await makeStream()
        let lines = try envelopeLines(stream)
        let passing = lines.last!.replacingOccurrences(of: #""success":false"#, with: #""success":true"#)
        let (code, console) = await report(try write(lines + [passing], "\(folder)/twice.ndjson"), folder: folder)
        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertTrue(console.stderr.contains("testRunFinished comes twice"), console.stderr)
        try assertNotGreen(folder)

        let started = try XCTUnwrap(lines.first { $0.hasPrefix(#"{"testRunStarted":"#) })
        let (again, second) = await report(try write(lines + [started], "\(folder)/after.ndjson"), folder: folder)
        XCTAssertEqual(again, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("comes after testRunFinished"), second.stderr)
        XCTAssertTrue(second.stderr.contains("testRunStarted comes twice"), second.stderr)
    }

    func test_report_namesAnAttachmentForARunThatNeverStarted() async throws {
        let (folder, stream) = try await makeStream()
        var lines = try envelopeLines(stream)
        let attachment =
            #"{"attachment":{"body":"x","contentEncoding":"IDENTITY","mediaType":"text/plain","testCaseStartedId":"nope","testStepId":"nope"}}"#
        lines.insert(attachment, at: lines.count - 1)
        let (code, console) = await report(try write(lines, "\(folder)/orphan.ndjson"), folder: folder)

        XCTAssertEqual(code, 1, console.stderr)
        XCTAssertTrue(console.stderr.contains("an attachment for test case run 'nope', which never started"), console.stderr)
        try assertNotGreen(folder)
    }

    // MARK: - Helpers

    private func makeStream() async throws -> (folder: String, stream: String) {
        try await makeThreeScenarioStream(folderPrefix: "specrun-lifecycle")
    }

    private func report(_ stream: String, folder: String) async -> (Int32, SpyConsole) {
        let console = SpyConsole()
        let arguments = [
            "report", stream, "--format", "junit:\(folder)/r.xml", "--format", "message:\(folder)/r.ndjson",
            "--format", "html:\(folder)/r.html", "--format", "json:\(folder)/r.json", "--format", "summary:\(folder)/s.txt",
        ]
        let code = await SpecRunCLI.run(arguments, libraries: [CLITestSteps.self], console: console)
        return (code, console)
    }

    /// The reports say the run did not pass: the merged stream's testRunFinished, a JUnit error.
    private func assertNotGreen(_ folder: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let merged = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/r.ndjson")))
        let finished = try XCTUnwrap(merged.last?.testRunFinished, file: file, line: line)
        XCTAssertFalse(finished.success, file: file, line: line)
        XCTAssertEqual(finished.exception?.type, "InconsistentStream", file: file, line: line)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"<error type="InconsistentStream""#), junit, file: file, line: line)
    }

    private func envelopeLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func write(_ lines: [String], _ path: String) throws -> String {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

private extension String {
    /// The line with its timestamp's seconds replaced.
    func replacingSeconds(with seconds: String) -> String {
        replacingOccurrences(
            of: #""timestamp":\{[^}]*\}"#, with: #""timestamp":{"nanos":0,"seconds":\#(seconds)}"#,
            options: .regularExpression)
    }
}
