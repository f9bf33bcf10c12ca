import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// `--history DIR`: a compact, bounded record of each run, and what the reports say of it.
final class RunHistoryTests: XCTestCase {
    func test_view_findsNewFailuresAndFixedScenariosSinceThePreviousRun() throws {
        let history = RunHistory(runs: [run("r1", 1, ["a": "passed", "b": "failed", "c": "failed"])])
        let view = try XCTUnwrap(
            HistoryView(history: history, current: run("r2", 2, ["a": "failed", "b": "passed", "c": "failed", "d": "failed"])))

        XCTAssertEqual(view.newFailures, ["a", "d"])
        XCTAssertEqual(view.fixed, ["b"])
    }

    func test_view_saysNoNewFailureWithoutAPreviousRun() throws {
        let view = try XCTUnwrap(HistoryView(history: RunHistory(), current: run("r1", 1, ["a": "failed"])))

        XCTAssertEqual(view.newFailures, [])
    }

    func test_view_callsFlakyAScenarioThatPassedAndFailedInTurnButNotOneBrokenOnce() throws {
        let history = RunHistory(runs: [
            run("r1", 1, ["a": "passed", "b": "passed"]), run("r2", 2, ["a": "failed", "b": "passed"]),
            run("r3", 3, ["a": "passed", "b": "failed"]),
        ])
        let view = try XCTUnwrap(HistoryView(history: history, current: run("r4", 4, ["a": "passed", "b": "failed"])))

        XCTAssertEqual(view.flaky, ["a"])
        XCTAssertEqual(view.recent()["a"], ["passed", "failed", "passed", "passed"])
    }

    func test_view_leavesTheCurrentRunOutOfThePreviousOnesOnAReportOfTheSameStreamAgain() throws {
        let history = RunHistory(runs: [run("r1", 1, ["a": "passed"]), run("r2", 2, ["a": "failed"])])
        let view = try XCTUnwrap(HistoryView(history: history, current: run("r2", 2, ["a": "failed"])))

        XCTAssertEqual(view.previous.map(\.id), ["r1"])
        XCTAssertEqual(view.newFailures, ["a"])
    }

    func test_adding_replacesTheSameRunAndKeepsTheLastRunsOnly() {
        var history = RunHistory()
        for number in 0..<(RunHistory.maxRuns + 5) { history = history.adding(run("r\(number)", Int64(number), ["a": "passed"])) }
        history = history.adding(run("r\(RunHistory.maxRuns + 4)", Int64(RunHistory.maxRuns + 4), ["a": "failed"]))

        XCTAssertEqual(history.runs.count, RunHistory.maxRuns)
        XCTAssertEqual(history.runs.first?.id, "r5")
        XCTAssertEqual(history.runs.last?.scenarios.first?.status, "failed")
    }

    func test_encoded_readsBackTheSameHistory() throws {
        let history = RunHistory(runs: [
            HistoryRun(
                id: "r\"1", start: 1_700_000_000_000, duration: 1234,
                scenarios: [
                    HistoryScenario(key: "Features/a.feature:3", name: "Ünïcode \"quoted\"", status: "failed", duration: 12, attempts: 2)
                ])
        ])

        let read = RunHistory.decode(Data(history.encoded().utf8))

        XCTAssertEqual(read, history)
        XCTAssertNil(RunHistory.decode(Data(#"{"version":99,"runs":[]}"#.utf8)))
    }

    func test_historyFormat_addsTheRunToThePreviousOnes() throws {
        var options = ReportOptions()
        options.history = RunHistory(runs: [run("earlier", -5, ["features/a.feature:10": "passed"])])

        let written = try XCTUnwrap(RunHistory.decode(Data(render(.history, makeSUT(), options: options).utf8)))

        XCTAssertEqual(written.runs.map(\.id), ["earlier", "run"])
        XCTAssertEqual(written.runs[1].scenarios.map(\.key), ["features/a.feature:10", "features/a.feature:20"])
        XCTAssertEqual(written.runs[1].scenarios.map(\.status), ["failed", "passed"])
        XCTAssertEqual(written.runs[1].scenarios[0].name, "one")
    }

    func test_junitAndSummary_sayNewFailureOnAScenarioThatPassedInThePreviousRun() throws {
        var options = ReportOptions()
        options.history = RunHistory(runs: [run("earlier", -5, ["features/a.feature:10": "passed", "features/a.feature:20": "passed"])])

        let junit = try render(.junit, makeSUT(), options: options)
        let summary = try render(.summary, makeSUT(), options: options)
        let plain = try render(.junit, makeSUT())

        XCTAssertTrue(junit.contains("New failure: it did not fail in the previous run.\nboom"), junit)
        XCTAssertFalse(plain.contains("New failure"), plain)
        XCTAssertTrue(summary.contains("1 new failure since the previous run: features/a.feature:10; 0 fixed"), summary)
    }

    func test_html_carriesTheHistoryOnARunWithEarlierRuns() throws {
        var options = ReportOptions()
        options.history = RunHistory(runs: [run("earlier", -5, ["features/a.feature:10": "passed", "features/a.feature:20": "failed"])])

        let data = try XCTUnwrap(embeddedReportData(render(.html, makeSUT(), options: options)))
        let history = try XCTUnwrap(data["history"] as? [String: Any])

        XCTAssertEqual((history["runs"] as? [Any])?.count, 2)
        XCTAssertEqual(history["newFailures"] as? [String], ["features/a.feature:10"])
        XCTAssertEqual(history["fixed"] as? [String], ["features/a.feature:20"])
        XCTAssertEqual((history["recent"] as? [[String]])?.count, 2)
        XCTAssertNil(try XCTUnwrap(embeddedReportData(render(.html, makeSUT())))["history"])
    }

    // MARK: - Helpers

    private func run(_ id: String, _ start: Int64, _ statuses: [String: String]) -> HistoryRun {
        HistoryRun(
            id: id, start: start, duration: 10,
            scenarios: statuses.sorted { $0.key < $1.key }.map {
                HistoryScenario(key: $0.key, name: $0.key, status: $0.value, duration: 1, attempts: 1)
            })
    }

    private func makeSUT() -> [Envelope] {
        var stream = RunStream()
        let feature = stream.feature("features/a.feature", "A")
        stream.scenario(feature, "one", [("a step", .one, .failed())])
        stream.scenario(feature, "two", [("a step", .one, .passed())])
        return stream.envelopes()
    }
}
