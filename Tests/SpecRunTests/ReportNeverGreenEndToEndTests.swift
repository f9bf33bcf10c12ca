import Foundation
import XCTest

/// Doubt is never green, as a user sees it through the `specrun` binary: a run's stream cut before testRunStarted
/// (a run killed in its first moments), a test case that finished without its step results, and a line with a
/// key twice (`"status":"PASSED","status":"FAILED"`) are each named on stderr and exit non-zero; no report passes.
final class ReportNeverGreenEndToEndTests: XCTestCase {
    func test_report_marksIncompleteAndExits2OnARunStreamCutBeforeTestRunStarted() throws {
        let (fixture, folder, lines) = try makeStream()
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"testRunStarted":"#) })
        let stream = try write(Array(lines[..<start]), "\(folder)/early.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "junit:\(folder)/r.xml", "--format", "summary"])

        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("\(stream): the run ended before testRunStarted (was it killed as it started?)"), result.stderr)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"<error type="Incomplete""#), junit)
        XCTAssertTrue(result.stdout.contains("The run did not finish"), result.stdout)
    }

    func test_report_keepsAParserStreamWithoutTestRunStartedAPassingEmptyStream() throws {
        let (fixture, folder, _) = try makeStream()
        let parsed = try runProcess(fixture, ["gherkin", "\(folder)/a.feature"])
        let stream = try write(parsed.stdout.split(separator: "\n").map(String.init), "\(folder)/gherkin.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "junit:\(folder)/r.xml"])

        XCTAssertEqual(result.status, 0, "the output of `specrun gherkin` is no killed run: \(result.stderr)")
        XCTAssertEqual(result.stderr, "")
    }

    func test_report_countsATestCaseWithoutStepResultsFailedAndExits1() throws {
        let (fixture, folder, lines) = try makeStream()
        let stripped = lines.filter { !$0.hasPrefix(#"{"testStepFinished":"#) && !$0.hasPrefix(#"{"testStepStarted":"#) }
            .map { $0.replacingOccurrences(of: #""success":false"#, with: #""success":true"#) }
        let stream = try write(stripped, "\(folder)/nosteps.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "junit:\(folder)/r.xml", "--format", "summary"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("a.feature:2) finished (envelope"), result.stderr)
        XCTAssertTrue(result.stderr.contains("without a result for any of its 1 step(s); it is reported failed"), result.stderr)
        XCTAssertTrue(result.stdout.contains("2 scenarios (2 failed)"), result.stdout)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"failures="2""#), junit)
    }

    func test_report_countsATestCaseThatNeverFinishedNotPassedOnAStreamThatFinishedEveryStepOfIt() throws {
        let (fixture, folder, lines) = try makeStream()
        // The first test case's end taken out: every step it has passed, yet it never finished.
        let end = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"testCaseFinished":"#) })
        let stream = try write(Array(lines[..<end] + lines[(end + 1)...]), "\(folder)/open.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "junit:\(folder)/r.xml", "--format", "summary"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("never finished, yet the run finished"), result.stderr)
        XCTAssertTrue(result.stdout.contains("2 scenarios (1 failed, 1 unknown)"), result.stdout)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains(#"<failure type="Unfinished" message="the scenario started and never finished"/>"#), junit)
    }

    func test_report_namesTheOtherRunAndExits1OnATestCaseOfAnotherRun() throws {
        let (fixture, folder, lines) = try makeStream()
        let edited = lines.map { line in
            line.hasPrefix(#"{"testCase":"#)
                ? line.replacingOccurrences(of: #""testRunStartedId":""#, with: #""testRunStartedId":"OTHER"#) : line
        }
        XCTAssertNotEqual(edited, lines, "the run's test cases name their run")
        let stream = try write(edited, "\(folder)/other.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "summary", "--exit-status"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("belongs to run 'OTHER"), result.stderr)
    }

    func test_report_namesTheHookAndExits1OnATestStepRunningAHookTheStreamDoesNotDefine() throws {
        let (fixture, folder, lines) = try makeStream()
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"testCase":"#) })
        var edited = lines
        edited[first] = lines[first].replacingOccurrences(of: #""testSteps":["#, with: #""testSteps":[{"id":"H","hookId":"NOHOOK"},"#)
        let stream = try write(edited, "\(folder)/hook.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "summary", "--exit-status"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("runs hook 'NOHOOK', which the stream does not define"), result.stderr)
    }

    func test_report_countsATestCaseMissingOneOfItsStepResultsFailed() throws {
        let (fixture, folder, lines) = try makeStream(steps: "    Given a passing step\n    And a passing step\n")
        // The second result of S (its two steps finish first; T's one step after).
        let second = try XCTUnwrap(lines.indices.filter { lines[$0].hasPrefix(#"{"testStepFinished":"#) }.dropFirst().first)
        let stream = try write(Array(lines[..<second] + lines[(second + 1)...]), "\(folder)/onemissing.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "summary", "--exit-status"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("without a result for 1 of its 2 step(s)"), result.stderr)
    }

    func test_report_refusesALineWithAKeyTwiceNamingFileLineAndColumn() throws {
        let (fixture, folder, lines) = try makeStream()
        var doubled = lines.map { $0.replacingOccurrences(of: #""success":false"#, with: #""success":true"#) }
        let failed = try XCTUnwrap(doubled.firstIndex { $0.contains(#""status":"FAILED""#) })
        doubled[failed] = doubled[failed].replacingOccurrences(of: #""status":"FAILED""#, with: #""status":"PASSED","status":"FAILED""#)
        let column = try XCTUnwrap(doubled[failed].range(of: #""status":"FAILED""#)).lowerBound.utf16Offset(in: doubled[failed]) + 1
        let stream = try write(doubled, "\(folder)/dup.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "junit:\(folder)/r.xml", "--exit-status"])

        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "\(stream):\(failed + 1):\(column): not a Cucumber Messages envelope: the key 'testStepFinished.testStepResult.status' comes twice"
            ), result.stderr)
        let junit = try String(contentsOfFile: "\(folder)/r.xml", encoding: .utf8)
        XCTAssertFalse(junit.contains(#"failures="0" errors="0""#), junit)
    }

    func test_report_namesTheStepsOutOfOrderAndExits1OnAStreamWhoseStepsStartInReverseOrder() throws {
        let (fixture, folder, lines) = try makeStream(steps: "    Given a passing step\n    And a passing step\n")
        // S's two steps: the second's start and result moved before the first's.
        let first = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"testStepStarted":"#) })
        var swapped = lines
        swapped[first..<first + 4] = lines[first + 2..<first + 4] + lines[first..<first + 2]
        let stream = try write(swapped, "\(folder)/reversed.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "summary"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("a.feature:2) starts (envelope"), result.stderr)
        XCTAssertTrue(result.stderr.contains("its steps are out of order"), result.stderr)
    }

    func test_report_namesTheStepAndExits1OnAStepResultBeforeItsStart() throws {
        let (fixture, folder, lines) = try makeStream()
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix(#"{"testStepStarted":"#) })
        var moved = lines
        moved.swapAt(start, start + 1)
        let stream = try write(moved, "\(folder)/early-result.ndjson")

        let result = try runProcess(fixture, ["report", stream, "--format", "summary"])

        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("has a result before it started (envelope"), result.stderr)
    }

    // MARK: - Helpers

    /// The fixture binary, a folder with `a.feature` (S passes, T fails), and the lines of its run's stream.
    private func makeStream(steps: String = "    Given a passing step\n") throws -> (URL, String, [String]) {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "a.feature": "Feature: F\n  Scenario: S\n\(steps)  Scenario: T\n    Given a failing step\n"
        ])
        _ = try runProcess(fixture, [folder, "--format", "message:\(folder)/m.ndjson"])
        let lines = try String(contentsOfFile: "\(folder)/m.ndjson", encoding: .utf8).split(separator: "\n").map(String.init)
        return (fixture, folder, lines)
    }

    private func write(_ lines: [String], _ path: String) throws -> String {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
