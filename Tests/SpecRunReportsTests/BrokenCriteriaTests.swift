import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A criterion held back by a scenario with steps to write (or pending) is broken as a failing one is: its story
/// opens, in the one-file report (the data's `broken`) and on the `html-site` index.
final class BrokenCriteriaTests: XCTestCase {
    func test_coverage_callsACriterionWithAnUndefinedScenarioBroken() throws {
        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT()))

        let criteria = try XCTUnwrap(coverage.stories.first).criteria
        XCTAssertEqual(criteria.map(\.status), [.proven, .notRun, .noScenario])
        XCTAssertEqual(criteria.map(\.isBroken), [false, true, false])
    }

    func test_html_marksTheBrokenCriterionForItsStoryToOpen() throws {
        let data = try XCTUnwrap(embeddedReportData(render(.html, makeSUT())))
        let stories = try XCTUnwrap((data["requirements"] as? [String: Any])?["stories"] as? [[String: Any]])
        let criteria = try XCTUnwrap(stories.first?["criteria"] as? [[String: Any]])

        XCTAssertEqual(criteria.map { $0["broken"] as? Bool ?? false }, [false, true, false])
    }

    func test_siteIndex_opensTheStoryOfACriterionWithStepsToWrite() throws {
        let folder = try temporaryFolder().appendingPathComponent("site")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let formatter = makeFormatter(.htmlSite, output: .file(folder.path), options: ReportOptions())
        for envelope in makeSUT() { formatter.handle(envelope) }
        try formatter.finish()

        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)

        XCTAssertTrue(index.contains("<details class=\"story\" open>"), "the story opens")
        XCTAssertTrue(index.contains("id=\"criterion-STORY-0-AC-4\" data-status=\"not-run\""), "to its broken criterion")
        XCTAssertTrue(index.contains("<strong>Not ready to ship: </strong>"), "the verdict")
    }

    /// `SyntheticRun`'s 50 scenarios with every failing step undefined instead: STORY-0-AC-4's scenarios have
    /// steps to write, STORY-0-AC-0's pass, STORY-0-AC-9 has none.
    private func makeSUT() -> [Envelope] {
        var envelopes = SyntheticRun.envelopes(scenarios: 50).map { envelope -> Envelope in
            guard let result = envelope.testStepFinished?.testStepResult, result.status == .failed else { return envelope }
            var undefined = envelope
            undefined.testStepFinished?.testStepResult = TestStepResult(duration: result.duration, status: .undefined)
            return undefined
        }
        let body = #"""
            {"version":1,"stories":[{"id":"STORY-0","title":"A story","uri":"Requirements/a.md","line":1,"criteria":[
            {"id":"STORY-0-AC-0","title":"First","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":3,"derived":false},
            {"id":"STORY-0-AC-4","title":"Fourth","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":9,"derived":false},
            {"id":"STORY-0-AC-9","title":"Ninth","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":12,"derived":false}]}]}
            """#
        let started = envelopes.firstIndex { $0.testRunStarted != nil }!
        envelopes.insert(RequirementsAttachment.envelope(body: body, testRunStartedId: "run"), at: started + 1)
        return envelopes
    }
}
