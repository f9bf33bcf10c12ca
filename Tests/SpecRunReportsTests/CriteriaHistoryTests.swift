import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// With `--history`, the history keeps each run's criteria, and the reports say what changed in the documentation
/// since the previous run and how each criterion fared over the last runs.
final class CriteriaHistoryTests: XCTestCase {
    // MARK: - The history file

    func test_encoded_readsBackEachRunsCriteriaWithTheirWordsAndScenarios() throws {
        let history = RunHistory(runs: [
            run(
                "r1", 1, ["Features/a.feature:3": "passed"],
                criteria: [
                    HistoryCriterion(id: "A-1", status: "proven", words: "Counts / Then \"04:58\"", scenarios: ["Features/a.feature: s3"]),
                    HistoryCriterion(id: "A-2", status: "outside", words: "Ends", scenarios: ["Features/b.feature: not run here"]),
                ])
        ])

        let read = try XCTUnwrap(RunHistory.decode(Data(history.encoded().utf8)))

        XCTAssertEqual(read, history)
        XCTAssertTrue(
            history.encoded().contains("[\"A-1\",\"proven\",\"Counts / Then \\\"04:58\\\"\",[0]]"), "a scenario of the run by its number")
    }

    func test_decode_readsAHistoryWrittenWithoutCriteria() throws {
        let file = #"{"version":1,"runs":[{"id":"r1","start":1,"duration":2,"scenarios":[["Features/a.feature:3","s3","passed",1,1]]}]}"#

        let read = try XCTUnwrap(RunHistory.decode(Data(file.utf8)), "a history of this version without criteria is read")

        XCTAssertNil(read.runs[0].criteria)
        XCTAssertEqual(read.runs[0].scenarios.map(\.status), ["passed"])
    }

    func test_adding_keepsTheCriteriasWordsOnTheNewestRunsOnlyAndEveryRunsStatuses() {
        var history = RunHistory()
        for number in 0..<4 {
            history = history.adding(
                run(
                    "r\(number)", Int64(number), [:],
                    criteria: [HistoryCriterion(id: "A-1", status: "proven", words: "Counts", scenarios: [])]))
        }

        XCTAssertEqual(history.runs.map { $0.criteria?.first?.words }, [nil, nil, "Counts", "Counts"])
        XCTAssertEqual(history.runs.map { $0.criteria?.first?.status }, ["proven", "proven", "proven", "proven"])
    }

    // MARK: - What the history says of the criteria

    func test_documentationChanges_nameTheCriteriaAddedRewordedAndTheScenariosNewlyCoveringSinceThePreviousRun() throws {
        let before = run(
            "r1", 1, [:], criteria: [criterion("A-1", "proven", "Counts", ["f: one"]), criterion("A-2", "proven", "Ends", [])])
        let now = run(
            "r2", 2, [:],
            criteria: [
                criterion("A-1", "proven", "Counts by the second", ["f: one", "f: two"]), criterion("A-2", "failing", "Ends", []),
                criterion("A-3", "no-scenario", "Starts", []),
            ])
        let view = try XCTUnwrap(HistoryView(history: RunHistory(runs: [before]), current: now))

        let diff = try XCTUnwrap(view.documentationChanges?.diff)

        XCTAssertEqual(diff.added, ["A-3"])
        XCTAssertEqual(diff.reworded, [DocumentationDiff.Reworded(id: "A-1", before: "Counts", after: "Counts by the second")])
        XCTAssertEqual(diff.newlyCovering, [DocumentationDiff.Covering(id: "A-1", scenario: "f: two")])
        XCTAssertEqual(diff.lost, ["A-2"])
    }

    func test_documentationChanges_areNoneWhenThePreviousRunKeptNoWords() throws {
        let before = run("r1", 1, [:], criteria: [HistoryCriterion(id: "A-1", status: "proven")])
        let now = run("r2", 2, [:], criteria: [criterion("A-1", "proven", "Counts", [])])

        XCTAssertNil(try XCTUnwrap(HistoryView(history: RunHistory(runs: [before]), current: now)).documentationChanges)
    }

    func test_criteriaOverRuns_readsARunWithoutCriteriaFromItsScenariosResults() throws {
        let older = run("r1", 1, ["Features/a.feature:3": "failed"])
        let recorded = run("r2", 2, ["Features/a.feature:3": "passed"], criteria: [criterion("A-1", "not-run", "Counts", [])])
        let now = run(
            "r3", 3, ["Features/a.feature:3": "passed"], criteria: [criterion("A-1", "proven", "Counts", ["Features/a.feature: s3"])])
        let view = try XCTUnwrap(HistoryView(history: RunHistory(runs: [older, recorded]), current: now))

        let overRuns = view.criteriaOverRuns()

        XCTAssertEqual(overRuns.runs.map(\.id), ["r1", "r2", "r3"])
        XCTAssertEqual(overRuns.rows.map(\.id), ["A-1"])
        XCTAssertEqual(overRuns.rows.first?.statuses, ["failing", "not-run", "proven"], "as recorded, else as its scenarios went")
    }

    func test_diff_comparesNoCoverageOfACriterionOutsideEitherRun() {
        let diff = DocumentationDiff(
            old: [criterion("A-1", "proven", "Counts", ["f: one"])], new: [criterion("A-1", "outside", "Counts", [])])

        XCTAssertTrue(diff.isEmpty, "a run that did not select its scenarios says nothing of its coverage: \(diff.text)")
    }

    // MARK: - The reports

    func test_html_showsWhatChangedInTheDocumentationAndTheCriteriaOverTheRunsBeforeItsData() throws {
        let (envelopes, options) = try makeSUT()

        let page = try render(.html, envelopes, options: options)

        let data = try XCTUnwrap(page.range(of: "<script type=\"application/json\""))
        let changes = try XCTUnwrap(page.range(of: "<section id=\"documentation-changes\""), "the documentation's changes")
        let strip = try XCTUnwrap(page.range(of: "<section id=\"criteria-history\""), "the criteria over the last runs")
        XCTAssertLessThan(changes.lowerBound, data.lowerBound, "HTML before the data: it reads without script")
        XCTAssertLessThan(strip.lowerBound, data.lowerBound)
        XCTAssertTrue(page.contains("Criteria reworded (1)</h3>"), page)
        XCTAssertTrue(
            page.contains(
                "<del>\u{201C}<bdi>Once &lt;b&gt;upon&lt;/b&gt; a time</bdi>\u{201D}</del> \u{2192} <ins>\u{201C}<bdi>First</bdi>\u{201D}</ins>"
            ),
            "escaped")
        XCTAssertFalse(page.contains("<b>upon</b>"))
        XCTAssertTrue(page.contains("Criteria added (1)</h3>"))
        XCTAssertTrue(page.contains("<a class=\"mono\" href=\"#criterion-STORY-0-AC-4\">STORY-0-AC-4</a>"))
        XCTAssertTrue(page.contains("<th scope=\"col\" class=\"run-col\">this run</th>"))
    }

    func test_site_indexShowsWhatChangedInTheDocumentationAndTheCriteriaOverTheRunsLinkingOnlyItsAnchors() throws {
        let (envelopes, options) = try makeSUT()
        let folder = try temporaryFolder().appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let formatter = makeFormatter(.htmlSite, output: .file(folder.path), options: options)
        for envelope in envelopes { formatter.handle(envelope) }
        try formatter.finish()

        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)

        XCTAssertTrue(index.contains("<h2 id=\"documentation-changes-title\">What changed in the documentation</h2>"), index)
        XCTAssertTrue(index.contains("Criteria reworded (1)</h3>"))
        XCTAssertTrue(index.contains("<section id=\"criteria-history\""))
        XCTAssertTrue(index.contains("<span class=\"mono\">STORY-0-AC-0</span> <del>"), "a criterion the index has no anchor for: no link")
        XCTAssertTrue(index.contains("<a class=\"mono\" href=\"#criterion-STORY-0-AC-4\">"), "a broken one is on the index: linked")
        XCTAssertTrue(index.contains("id=\"criterion-STORY-0-AC-4\""))
    }

    func test_html_dataGivesTheRequirementsViewEachUnsteadyCriterionsLettersOverTheRuns() throws {
        let (envelopes, options) = try makeSUT()

        let data = try XCTUnwrap(embeddedReportData(try render(.html, envelopes, options: options)))

        let history = try XCTUnwrap(data["history"] as? [String: Any])
        let criteria = try XCTUnwrap(history["criteria"] as? [[String]])
        XCTAssertEqual(criteria, [["STORY-0-AC-4", "-f"]], "no record in the earlier run, failing now; the proven ones left out")
    }

    func test_html_showsNoDocumentationSectionsWithoutAHistory() throws {
        let (envelopes, _) = try makeSUT()

        let page = try render(.html, envelopes)

        XCTAssertFalse(page.contains("id=\"documentation-changes\""))
        XCTAssertFalse(page.contains("id=\"criteria-history\""))
    }

    // MARK: - Helpers

    private func run(_ id: String, _ start: Int64, _ statuses: [String: String], criteria: [HistoryCriterion]? = nil) -> HistoryRun {
        HistoryRun(
            id: id, start: start, duration: 1,
            scenarios: statuses.sorted { $0.key < $1.key }.map {
                HistoryScenario(
                    key: $0.key, name: "s" + ($0.key.split(separator: ":").last.map(String.init) ?? ""), status: $0.value, duration: 1,
                    attempts: 1)
            }, criteria: criteria)
    }

    private func criterion(_ id: String, _ status: String, _ words: String, _ scenarios: [String]) -> HistoryCriterion {
        HistoryCriterion(id: id, status: status, words: words, scenarios: scenarios)
    }

    /// A synthetic run of 50 scenarios with a story of five criteria, and a history of an earlier run of the same
    /// scenarios whose documents had the first criterion worded otherwise (with markup, to be escaped) and no fifth one.
    private func makeSUT() throws -> ([Envelope], ReportOptions) {
        var envelopes = SyntheticRun.envelopes(scenarios: 50)
        let criteria = (0..<5).map { n in
            #"{"id":"STORY-0-AC-\#(n)","title":"\#(n == 0 ? "First" : "Criterion \(n)")","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":\#(3 + n),"derived":false}"#
        }
        let body =
            #"{"version":1,"stories":[{"id":"STORY-0","title":"A story","uri":"Requirements/a.md","line":1,"narrative":"","criteria":["#
            + criteria.joined(separator: ",") + #"]}],"warnings":[]}"#
        let started = try XCTUnwrap(envelopes.firstIndex { $0.testRunStarted != nil })
        envelopes.insert(RequirementsAttachment.envelope(body: body, testRunStartedId: "run"), at: started + 1)
        let index = RunIndex()
        for envelope in envelopes { index.handle(envelope) }
        var earlier = HistoryRun.make(from: index)
        earlier.id = "earlier"
        earlier.start -= 60_000
        var kept = try XCTUnwrap(earlier.criteria)
        kept.removeLast()
        kept[0].words = "Once <b>upon</b> a time"
        earlier.criteria = kept
        var options = ReportOptions()
        options.history = RunHistory(runs: [earlier])
        return (envelopes, options)
    }
}
