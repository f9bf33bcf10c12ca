import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Golden files for the text formats, from the hand-written fixture `Fixtures/sample.ndjson`.
/// To accept a deliberate change: `SPECRUN_RECORD_GOLDENS=1 swift test --filter ConsoleGoldenTests`, then review the diff.
final class ConsoleGoldenTests: XCTestCase {
    func test_pretty_matchesGolden() throws { try assertGolden(.pretty, "pretty.txt") }
    func test_pretty_matchesColouredGoldenOnColors() throws { try assertGolden(.pretty, "pretty.colors.txt", ReportOptions(colors: true)) }
    func test_progress_matchesGolden() throws { try assertGolden(.progress, "progress.txt") }
    func test_summary_matchesGolden() throws { try assertGolden(.summary, "summary.txt") }
    func test_rerun_matchesGolden() throws { try assertGolden(.rerun, "rerun.txt") }
    func test_usage_matchesGolden() throws { try assertGolden(.usage, "usage.txt") }
    func test_github_matchesGolden() throws { try assertGolden(.github, "github.txt") }

    func test_usage_listsEachStepADefinitionMatchedAtItsLocation() throws {
        let text = try render(.usage, sampleEnvelopes())

        XCTAssertTrue(
            text.split(separator: "\n").contains { $0.contains("  the player inserts ") && $0.contains("Features/quiz.feature:") }, text)
    }

    func test_usageJSON_listsEachDefinitionWithItsLocationAndTheStepsItMatched() throws {
        let text = try render(.usageJSON, sampleEnvelopes())

        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text)
        XCTAssertEqual(entries.count, 11, text)
        let inserts = try XCTUnwrap(entries.first { $0["pattern"] as? String == "the player inserts {string}" }, text)
        XCTAssertEqual(inserts["uri"] as? String, "Specs/Steps.swift")
        XCTAssertEqual(inserts["line"] as? Int, 14)
        XCTAssertEqual(inserts["patternType"] as? String, "CUCUMBER_EXPRESSION")
        let matches = try XCTUnwrap(inserts["matches"] as? [[String: Any]])
        XCTAssertEqual(matches.count, 4, text)
        XCTAssertTrue(matches.allSatisfy { ($0["uri"] as? String)?.hasSuffix(".feature") == true && $0["line"] is Int }, text)
        let unused = try XCTUnwrap(entries.last)
        XCTAssertEqual((unused["matches"] as? [Any])?.count, 0, text)
    }

    func test_summary_countsScenariosAndStepsPerStatus() throws {
        let text = try render(.summary, sampleEnvelopes())
        XCTAssertTrue(text.contains("8 scenarios (2 failed, 1 ambiguous, 2 undefined, 1 pending, 1 skipped, 1 passed)"), text)
        XCTAssertTrue(text.contains("20 steps (1 failed, 1 ambiguous, 2 undefined, 1 pending, 3 skipped, 12 passed)"), text)
        XCTAssertTrue(text.contains("Features/quiz.feature:21 # A wrong answer is reported"), text)
    }

    func test_summary_countsTheLastAttemptAndFlakyScenariosOnRetries() throws {
        let retry = try loadEnvelopes(sharedFolder().appendingPathComponent("reference/cck/retry/retry.ndjson"))
        let text = try render(.summary, retry)
        XCTAssertTrue(text.contains("4 scenarios (1 failed, 3 passed)"), text)
        XCTAssertTrue(text.contains("2 flaky scenarios (passed after a retry)"), text)
    }

    func test_progress_printsOneCharacterPerStep() throws {
        let firstLine = try render(.progress, sampleEnvelopes()).split(separator: "\n").first.map(String.init)
        XCTAssertEqual(firstLine, ".....F..U..U...FP-A--")
    }

    func test_pretty_writesNoColoursOnColorsOff() throws {
        XCTAssertFalse(try render(.pretty, sampleEnvelopes()).contains("\u{1B}["))
        XCTAssertTrue(try render(.pretty, sampleEnvelopes(), options: ReportOptions(colors: true)).contains("\u{1B}[31m"))
    }

    func test_pretty_printsEachScenarioAsItFinishes() throws {
        let sink = MemorySink()
        let formatter = makeFormatter(.pretty, sink: sink, options: ReportOptions())
        let envelopes = try sampleEnvelopes()
        let firstFinished = try XCTUnwrap(envelopes.firstIndex { $0.testCaseFinished != nil })
        for envelope in envelopes[...firstFinished] { formatter.handle(envelope) }
        XCTAssertTrue(sink.text.contains("A right answer scores"), sink.text)
        XCTAssertFalse(sink.text.contains("A wrong answer is reported"), sink.text)
    }

    func test_rerun_groupsLinesPerFile() throws {
        XCTAssertEqual(try render(.rerun, sampleEnvelopes()), "Features/chat.feature:4:15:19\nFeatures/quiz.feature:21:32:33\n")
    }

    func test_github_escapesNewlinesAndPropertySeparators() {
        XCTAssertEqual(GitHubWriter.data("50% done\nnext"), "50%25 done%0Anext")
        XCTAssertEqual(GitHubWriter.property("a:b,c"), "a%3Ab%2Cc")
    }

    func test_minutesAndSeconds_formatsTheDuration() {
        XCTAssertEqual(ConsoleText.minutesAndSeconds(123_000_000), "0m0.123s")
        XCTAssertEqual(ConsoleText.minutesAndSeconds(61_005_000_000), "1m1.005s")
    }

    private func assertGolden(
        _ format: ReportFormat, _ name: String, _ options: ReportOptions = ReportOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let output = try render(format, sampleEnvelopes(), options: options)
        let golden = fixturesFolder().appendingPathComponent("golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SPECRUN_RECORD_GOLDENS"] != nil {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        XCTAssertEqual(output, expected, "\(format) differs from golden \(name)", file: file, line: line)
    }
}
