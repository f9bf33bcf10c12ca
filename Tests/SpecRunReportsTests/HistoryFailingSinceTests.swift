import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Flaky means at least two flips in the window, and is never also "fixed" or "new failure"; each failure says
/// how long it has failed.
final class HistoryFailingSinceTests: XCTestCase {
    func test_view_callsPassPassFailPassFlakyAndNotFixed() throws {
        let view = try makeSUT("✔✔✘✔")

        XCTAssertEqual(view.flaky, ["a"])
        XCTAssertEqual(view.fixed, [], "a flaky scenario is not fixed")
        XCTAssertEqual(view.newFailures, [])
        XCTAssertNil(view.failingSince()["a"], "it passes now")
    }

    func test_view_callsAFlipFlopFlakyAndNotANewFailure() throws {
        let view = try makeSUT("✔✘✔✘")

        XCTAssertEqual(view.flaky, ["a"])
        XCTAssertEqual(view.newFailures, [], "a flaky scenario is not a new failure")
        XCTAssertEqual(view.failingSince()["a"], FailingSince(runs: 1, since: 4_000, lastPassed: 3_000))
    }

    func test_view_saysHowLongAScenarioFailingEveryRunHasFailed() throws {
        let view = try makeSUT("✘✘✘")

        XCTAssertEqual(view.flaky, [])
        XCTAssertEqual(view.newFailures, [])
        XCTAssertEqual(view.failingSince()["a"], FailingSince(runs: 3, since: 1_000, lastPassed: nil))
        XCTAssertEqual(view.failingSince()["a"]?.text, "failing for 3 runs, since 1 Jan 00:00 UTC · never passed in the recorded runs")
    }

    func test_view_callsAFirstFailureNewNotFlaky() throws {
        let view = try makeSUT("✔✔✘")

        XCTAssertEqual(view.flaky, [])
        XCTAssertEqual(view.newFailures, ["a"])
        XCTAssertEqual(view.failingSince()["a"], FailingSince(runs: 1, since: 3_000, lastPassed: 2_000))
    }

    func test_view_countsUndefinedAndPendingRunsAsNotPassing() throws {
        let history = RunHistory(runs: [run(1, "passed"), run(2, "undefined"), run(3, "pending")])
        let view = try XCTUnwrap(HistoryView(history: history, current: run(4, "failed")))

        XCTAssertEqual(view.failingSince()["a"], FailingSince(runs: 3, since: 2_000, lastPassed: 1_000))
    }

    func test_date_isTheSameOnEveryMachine() {
        // 2026-12-01T23:25:00Z
        XCTAssertEqual(FailingSince.date(1_796_167_500_000), "1 Dec 23:25 UTC")
        XCTAssertEqual(FailingSince.date(0), "1 Jan 00:00 UTC")
    }

    func test_firstScreen_saysFailingSinceAndBadgesFlakyNotNew() throws {
        var options = ReportOptions()
        options.history = RunHistory(runs: [
            HistoryRun(id: "r1", start: -3_000, duration: 1, scenarios: [scenario("features/a.feature:10", "passed")]),
            HistoryRun(id: "r2", start: -2_000, duration: 1, scenarios: [scenario("features/a.feature:10", "failed")]),
            HistoryRun(id: "r3", start: -1_000, duration: 1, scenarios: [scenario("features/a.feature:10", "passed")]),
        ])
        let html = try render(.html, failingRun(), options: options)
        let first = String(html[..<html.range(of: "id=\"report-data\"")!.lowerBound])

        XCTAssertTrue(first.contains("<p class=\"since\">failing for 1 run, since "), first)
        XCTAssertTrue(first.contains("last passed 31 Dec 23:59 UTC"), "the run before this one")
        XCTAssertTrue(first.contains("<span class=\"badge flaky\""), "✔✘✔✘ is flaky")
        XCTAssertFalse(first.contains("badge new-failure"), "and not a new failure")
    }

    // MARK: - Helpers

    /// A history of scenario "a" in runs 1, 2, 3… (✔ passed, ✘ failed); the last one is the current run.
    private func makeSUT(_ sequence: String) throws -> HistoryView {
        let runs = sequence.enumerated().map { run(Int64($0.offset + 1), $0.element == "✔" ? "passed" : "failed") }
        return try XCTUnwrap(HistoryView(history: RunHistory(runs: Array(runs.dropLast())), current: runs.last!))
    }

    private func run(_ number: Int64, _ status: String) -> HistoryRun {
        HistoryRun(id: "r\(number)", start: number * 1_000, duration: 10, scenarios: [scenario("a", status)])
    }

    private func scenario(_ key: String, _ status: String) -> HistoryScenario {
        HistoryScenario(key: key, name: key, status: status, duration: 1, attempts: 1)
    }

    private func failingRun() -> [Envelope] {
        var stream = RunStream()
        let feature = stream.feature("features/a.feature", "A")
        stream.scenario(feature, "one", [("a step", .one, .failed())])
        return stream.envelopes()
    }
}
