import Foundation
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Hostile inputs of the run history's criteria and the documentation diff (docs/RELIABILITY.md, "Run history
/// and `report --diff`"): a partial run never reads as coverage lost, a run that ran nothing is not recorded, a
/// file's numbers are read as they are or the file is set aside, and no start in
/// a file stops the report.
final class HistoryCriteriaSweepTests: XCTestCase {
    // MARK: - A partial run is not coverage lost

    func test_diff_namesACriterionNotRunNowApartFromCoverageLostOnADryRun() {
        let before = [criterion("A-1", "proven"), criterion("A-2", "proven")]
        let dryRun = [criterion("A-1", "not-run"), criterion("A-2", "failing")]

        let sut = DocumentationDiff(old: before, new: dryRun)

        XCTAssertEqual(sut.lost, ["A-2"])
        XCTAssertEqual(sut.notRunNow, ["A-1"])
        XCTAssertTrue(sut.text.contains("Not run to a result now (proven before; "), sut.text)
    }

    func test_diff_countsTheCriteriaOutsideTheRunOnAPartialRun() {
        let before = [criterion("A-1", "proven"), criterion("A-2", "proven")]
        let tagged = [criterion("A-1", "proven"), criterion("A-2", "outside")]

        let sut = DocumentationDiff(old: before, new: tagged)

        XCTAssertTrue(sut.text.hasPrefix("Criteria proven: 2 of 2 before, 1 of 2 now (1 outside this run)\n"), sut.text)
        XCTAssertTrue(sut.isEmpty, "a criterion outside the run is neither lost nor changed")
    }

    func test_html_saysHowManyCriteriaWereOutsideThisRunOnAPartialRun() throws {
        let before = run("r1", 1, criteria: [criterion("A-1", "proven"), criterion("A-2", "proven")])
        let now = run("r2", 2, criteria: [criterion("A-1", "proven"), criterion("A-2", "outside")])

        let html = HTMLCriteriaHistory(view: HistoryView(history: RunHistory(runs: [before]), current: now)).documentationHTML

        XCTAssertTrue(html.contains("criteria proven 2 of 2 before, 1 of 2 now (1 outside this run)."), html)
    }

    func test_html_listsACriterionNotRunNowOutsideCoverageLostOnADryRun() throws {
        let before = run("r1", 1, criteria: [criterion("A-1", "proven")])
        let now = run("r2", 2, criteria: [criterion("A-1", "not-run")])

        let html = HTMLCriteriaHistory(view: HistoryView(history: RunHistory(runs: [before]), current: now)).documentationHTML

        XCTAssertFalse(html.contains("Coverage lost"), html)
        XCTAssertTrue(html.contains("Not run to a result now"), html)
    }

    func test_criteriaHTML_listsACriterionBrokenNowBeforeOnesOutsideThisRunOnAPartialRun() throws {
        let before = run("r1", 1, criteria: [criterion("A-1", "proven"), criterion("A-2", "proven")])
        let now = run("r2", 2, criteria: [criterion("A-1", "outside"), criterion("A-2", "failing")])

        let html = HTMLCriteriaHistory(view: HistoryView(history: RunHistory(runs: [before]), current: now)).criteriaHTML

        let failing = try XCTUnwrap(html.range(of: ">A-2</a>"), html)
        let outside = try XCTUnwrap(html.range(of: ">A-1</a>"), html)
        XCTAssertLessThan(failing.lowerBound, outside.lowerBound, "the failing one first; one outside the run is not broken")
    }

    // MARK: - A run that ran nothing is not recorded

    func test_record_addsNoRunAndSaysSoOnARunThatRanNoScenarioToAResult() throws {
        let path = try makeFolder() + "/" + RunHistory.fileName
        try RunHistory.record(run("real", 1, statuses: ["passed"]), in: path, note: { _ in })
        var notes: [String] = []

        try RunHistory.record(run("dry", 2, statuses: ["skipped", "skipped"]), in: path, note: { notes.append($0) })
        try RunHistory.record(run("none", 3, statuses: []), in: path, note: { notes.append($0) })

        XCTAssertEqual(RunHistory.load(path).runs.map(\.id), ["real"])
        XCTAssertEqual(notes.count, 2)
        XCTAssertTrue(notes[0].hasPrefix("\(path): this run ran no scenario to a result"), notes[0])
    }

    func test_record_addsARunWhoseOnlyScenarioIsUndefined() throws {
        let path = try makeFolder() + "/" + RunHistory.fileName

        try RunHistory.record(run("undefined", 1, statuses: ["undefined", "skipped"]), in: path, note: { _ in })

        XCTAssertEqual(RunHistory.load(path).runs.map(\.id), ["undefined"], "an undefined step is a result")
    }

    // MARK: - The file's order and numbers

    func test_runsBefore_areInTimeOrderOnAFileWhoseRunsAreOutOfOrder() throws {
        let newer = run("newer", 20, criteria: [criterion("A-1", "failing")])
        let older = run("older", 10, criteria: [criterion("A-1", "proven")])
        let now = run("now", 30, criteria: [criterion("A-1", "proven")])

        let view = try XCTUnwrap(HistoryView(history: RunHistory(runs: [newer, older]), current: now))

        XCTAssertEqual(view.previous.map(\.id), ["older", "newer"])
        XCTAssertEqual(view.documentationChanges?.diff.gained, ["A-1"], "compared with the run just before")
    }

    func test_decode_refusesAFileOnACriterionScenarioThatIsNoWholeNumber() {
        for reference in ["1.5", "true", "1e300", "18446744073709551615", "-1", "7"] {
            let file =
                #"{"version":1,"runs":[{"id":"r","start":1,"duration":1,"scenarios":[["a.feature:3","s","passed",1,1],"#
                + #"["a.feature:4","t","passed",1,1]],"criteria":[["A-1","proven","w",["# + reference + "]]]}]}"
            XCTAssertNil(RunHistory.decode(Data(file.utf8)), reference)
        }
    }

    func test_decode_refusesAFileOnAStartOrDurationThatIsNoWholeNumber() {
        for (start, duration) in [
            ("1e300", "1"), ("1.5", "1"), ("true", "1"), ("1", "1e300"), ("1", "\"2\""), ("-9223372036854775809", "1"), ("-1.5", "1"),
        ] {
            let file = #"{"version":1,"runs":[{"id":"r","start":"# + start + #","duration":"# + duration + #","scenarios":[]}]}"#
            XCTAssertNil(RunHistory.decode(Data(file.utf8)), start + " " + duration)
        }
    }

    func test_decode_refusesAFileOnACriterionEntryOfThreeElements() {
        let file =
            #"{"version":1,"runs":[{"id":"r","start":1,"duration":1,"scenarios":[],"criteria":[["A-1","proven","words"]]}]}"#

        XCTAssertNil(RunHistory.decode(Data(file.utf8)), "its words would be dropped when the file is written again")
    }

    func test_decode_readsTheLargestAndSmallestStarts() throws {
        let file = #"{"version":1,"runs":[{"id":"r","start":-9223372036854775808,"duration":9223372036854775807,"scenarios":[]}]}"#

        let read = try XCTUnwrap(RunHistory.decode(Data(file.utf8)))

        XCTAssertEqual(read.runs[0].start, .min)
        XCTAssertEqual(read.runs[0].duration, .max)
    }

    func test_date_givesTheNearestYearInRangeOnAnyStart() {
        XCTAssertEqual(FailingSince.date(.min), "1 Jan 00:00 UTC")
        XCTAssertEqual(FailingSince.date(.max), "31 Dec 23:59 UTC")
        XCTAssertEqual(FailingSince.longest([FailingSince(runs: 2, since: .min, lastPassed: nil)])?.since, .min)
    }

    func test_html_writesTheSectionsOnRunsOfTheExtremeStarts() throws {
        let before = run("r1", .min, criteria: [criterion("A-1", "proven")])
        let now = run("r2", .max, criteria: [criterion("A-1", "failing")])

        let html = HTMLCriteriaHistory(view: HistoryView(history: RunHistory(runs: [before]), current: now)).html

        XCTAssertTrue(html.contains("Since the previous run (1 Jan 00:00 UTC)"), html)
    }

    func test_decode_keepsEachScenarioOfACriterionOnceOnARepeatedPosition() throws {
        let file =
            #"{"version":1,"runs":[{"id":"r","start":1,"duration":1,"scenarios":[["a.feature:3","s","passed",1,1]],"#
            + #""criteria":[["A-1","proven","w",[0,0,"a.feature: s"]]]}]}"#

        let read = try XCTUnwrap(RunHistory.decode(Data(file.utf8)))

        XCTAssertEqual(read.runs[0].criteria?.first?.scenarios, ["a.feature: s"])
    }

    // MARK: - Words of the documents in the page

    func test_html_isolatesEachRewordedCriterionsWordsOnARightToLeftOverride() throws {
        let before = run("r1", 1, criteria: [HistoryCriterion(id: "A-1", status: "proven", words: "Counts", scenarios: ["f: \u{202E}one"])])
        let now = run(
            "r2", 2, criteria: [HistoryCriterion(id: "A-1", status: "proven", words: "\u{202E}<b>Counts</b>", scenarios: ["f: two"])])

        let html = HTMLCriteriaHistory(view: HistoryView(history: RunHistory(runs: [before]), current: now)).documentationHTML

        XCTAssertTrue(html.contains("<ins>\u{201C}<bdi>\u{202E}&lt;b&gt;Counts&lt;/b&gt;</bdi>\u{201D}</ins>"), html)
        XCTAssertTrue(html.contains("\u{2190} <bdi>f: \u{202E}one</bdi>"), html)
    }

    // MARK: - Helpers

    private func criterion(_ id: String, _ status: String) -> HistoryCriterion {
        HistoryCriterion(id: id, status: status, words: "words of " + id, scenarios: [])
    }

    private func run(_ id: String, _ start: Int64, statuses: [String] = ["passed"], criteria: [HistoryCriterion]? = nil) -> HistoryRun {
        HistoryRun(
            id: id, start: start, duration: 1,
            scenarios: statuses.enumerated().map {
                HistoryScenario(key: "a.feature:\($0.offset + 2)", name: "s\($0.offset)", status: $0.element, duration: 1, attempts: 1)
            }, criteria: criteria)
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-sweep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
