import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// `--format status:FILE`: one small self-contained page and an SVG badge, with the verdict, the broken criteria
/// and what the run could prove, each line linking into the report.
final class StatusCardTests: XCTestCase {
    func test_statusCard_writesThePageAndItsBadgeBesideItOnAFailingRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("status.html").path
        let formatter = makeFormatter(.status, output: .file(path), options: ReportOptions())
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()

        let page = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(page.contains("<script"), "no script")
        XCTAssertTrue(page.contains("default-src 'none'"), "nothing fetched")
        XCTAssertTrue(page.contains("<strong>Not ready to ship:</strong> 6 scenarios did not pass"), page)
        XCTAssertTrue(page.contains("1 of 8 scenarios passed"), page)
        XCTAssertTrue(page.contains("href=\"index.html#Features%2Fquiz.feature%3A21\""), "each line links into the report: \(page)")
        XCTAssertTrue(page.contains("Say &lt;script&gt;alert(1)&lt;/script&gt; hello"), "the run's text escaped")
        let badge = try String(contentsOfFile: folder.appendingPathComponent("status.svg").path, encoding: .utf8)
        XCTAssertTrue(badge.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(badge.contains("<title>specs: not ready to ship \u{00B7} 1 of 8 scenarios passed</title>"), badge)
        XCTAssertTrue(badge.contains("#b42318"), "red")
    }

    func test_statusCard_saysWhatAPartialRunCouldProveAndLinksItsBrokenCriteria() throws {
        var envelopes = SyntheticRun.envelopes(scenarios: 50)
        let body = #"""
            {"version":1,"stories":[{"id":"STORY-0","title":"A story","uri":"Requirements/a.md","line":1,"narrative":"","criteria":[
            {"id":"STORY-0-AC-0","title":"First","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":3,"derived":false},
            {"id":"STORY-0-AC-4","title":"Fourth","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":9,"derived":false},
            {"id":"STORY-0-AC-9","title":"Ninth","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":12,"derived":true}]}],
            "warnings":[]}
            """#
        let started = try XCTUnwrap(envelopes.firstIndex { $0.testRunStarted != nil })
        let scoped = RequirementsAttachment.body(body, scope: .init(partial: true, elsewhere: ["STORY-0-AC-9"]))
        envelopes.insert(RequirementsAttachment.envelope(body: scoped, testRunStartedId: "run"), at: started + 1)
        let index = RunIndex()
        for envelope in envelopes { index.handle(envelope) }

        let card = StatusCard(index: index, title: "Release 4.2", history: nil, report: "https://ci.example/run/7/index.html")
        let page = card.html()

        XCTAssertTrue(page.contains("Proves 1 of 3 criteria \u{00B7} this run could prove 2 of 3; 1 is outside it"), page)
        XCTAssertEqual(card.broken.map(\.id), ["STORY-0-AC-4"], "the failing criterion")
        XCTAssertTrue(page.contains("href=\"https://ci.example/run/7/index.html#criterion-STORY-0-AC-4\""), page)
    }

    func test_badgePath_isTheCardsNameWithSvg() {
        XCTAssertEqual(StatusCard.badgePath(of: "reports/status.html"), "reports/status.svg")
        XCTAssertEqual(StatusCard.badgePath(of: "reports/card"), "reports/card.svg")
    }
}
