import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class RequirementsCoverageTests: XCTestCase {
    func test_make_isNilOnARunWithoutRequirements() {
        XCTAssertNil(RequirementsCoverage.make(from: SyntheticRun.envelopes(scenarios: 10)))
    }

    func test_make_givesEachCriterionItsStatusOnTaggedScenarios() throws {
        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT()))

        let story = try XCTUnwrap(coverage.stories.first)
        XCTAssertEqual(story.id, "STORY-0")
        XCTAssertEqual(story.criteria.map(\.id), ["STORY-0-AC-0", "STORY-0-AC-4", "STORY-0-AC-9"])
        XCTAssertEqual(story.criteria.map(\.status), [.proven, .failing, .noScenario])
        XCTAssertEqual(story.criteria[0].scenarios.count, 10)
        XCTAssertEqual(story.criteria[0].scenarios.first?.name, "Scenario 0 of feature 0")
        XCTAssertEqual(story.criteria[0].scenarios.first?.line, 3)
        XCTAssertEqual(story.criteria[0].given, ["a given"])
        XCTAssertEqual(story.criteria[2].derived, true)
        XCTAssertEqual(story.proven, 1)
        XCTAssertEqual(story.total, 3)
        XCTAssertEqual(coverage.proven, 1)
        XCTAssertEqual(coverage.total, 3)
        XCTAssertEqual(coverage.warnings.first?.message, "a warning")
    }

    func test_make_saysNotRunOnSelectedScenariosThatDidNotStart() throws {
        let envelopes = makeSUT().filter { $0.testCaseStarted == nil }

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: envelopes))

        XCTAssertEqual(coverage.stories[0].criteria.map(\.status), [.notRun, .notRun, .noScenario])
        XCTAssertEqual(coverage.stories[0].criteria[0].scenarios.first?.status, "not-run")
    }

    func test_make_saysOutsideThisRunOnScenariosTheRunDidNotSelect() throws {
        // `--tags`: every pickle of the files read is in the stream, only the selected ones have a test case.
        let envelopes = makeSUT().filter { $0.testCase == nil && $0.testCaseStarted == nil }

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: envelopes))

        XCTAssertEqual(coverage.stories[0].criteria.map(\.status), [.outsideRun, .outsideRun, .noScenario])
        XCTAssertEqual(coverage.stories[0].criteria[0].scenarios.first?.status, "not-selected")
        XCTAssertEqual(coverage.outside, 2)
        XCTAssertEqual(coverage.provable, 1)
    }

    /// Proof takes every scenario of a criterion: the ones a run left out may fail (doubt is never green).
    func test_make_saysNotRunNotProvenOnARunThatSelectedSomeOfACriterionsPassingScenarios() throws {
        let tagged = Set(makeSUT().compactMap(\.pickle).filter { $0.tags.contains { $0.name == "@STORY-0-AC-0" } }.map(\.id))
        let skipped = Set(tagged.sorted().prefix(3))
        let cases = Set(makeSUT().compactMap(\.testCase).filter { skipped.contains($0.pickleId) }.map(\.id))
        let envelopes = makeSUT().filter { envelope in
            if let testCase = envelope.testCase { return !cases.contains(testCase.id) }
            if let started = envelope.testCaseStarted { return !cases.contains(started.testCaseId) }
            return true
        }

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: envelopes))

        XCTAssertEqual(coverage.stories[0].criteria[0].status, .notRun)
        XCTAssertEqual(coverage.stories[0].criteria[0].scenarios.filter { $0.status == "not-selected" }.count, 3)
        XCTAssertTrue(coverage.stories[0].criteria[0].scenarios.filter { $0.status != "not-selected" }.allSatisfy { $0.status == "passed" })
    }

    func test_make_saysNotRunNotProvenOnAPassingCriterionWithScenariosInFilesARunOfSomePathsDidNotRead() throws {
        let scope = RequirementsAttachment.Scope(partial: true, elsewhere: ["STORY-0-AC-0"])

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT(scope: scope)))

        XCTAssertEqual(coverage.stories[0].criteria[0].status, .notRun)
    }

    func test_make_saysOutsideThisRunOnACriterionTaggedOnlyInFilesARunOfSomePathsDidNotRead() throws {
        let scope = RequirementsAttachment.Scope(partial: true, elsewhere: ["STORY-0-AC-9"])

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT(scope: scope)))

        XCTAssertEqual(coverage.stories[0].criteria.map(\.status), [.proven, .failing, .outsideRun])
        XCTAssertEqual(coverage.outside, 1)
    }

    func test_make_saysNoScenarioOnACriterionNoFileTagsOnARunOfSomePaths() throws {
        let scope = RequirementsAttachment.Scope(partial: true, elsewhere: [])

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT(scope: scope)))

        XCTAssertEqual(coverage.stories[0].criteria.map(\.status), [.proven, .failing, .noScenario])
    }

    func test_make_saysOutsideThisRunWhenTheOtherFilesWereNotLookedAt() throws {
        let scope = RequirementsAttachment.Scope(partial: true, elsewhere: nil)

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT(scope: scope)))

        XCTAssertEqual(coverage.stories[0].criteria[2].status, .outsideRun)
    }

    func test_requirementsFormat_saysWhatTheRunCouldProveOnAPartialRun() throws {
        let text = try render(.requirements, makeSUT(scope: .init(partial: true, elsewhere: ["STORY-0-AC-9"])))

        XCTAssertTrue(text.contains("**1 of 2 criteria proven (50%)** · this run could prove 2 of 3; 1 are outside it"), text)
        XCTAssertTrue(text.contains("| STORY-0-AC-9 | Ninth | ➖ outside this run | — |"), text)
        XCTAssertFalse(text.contains("no scenario"), text)
    }

    func test_merge_keepsTheAttachmentOnceOnShards() {
        let merged = EnvelopeStreams.merge([makeSUT(), makeSUT()])

        XCTAssertEqual(merged.filter(RequirementsAttachment.isRequirements).count, 1)
    }

    func test_make_keepsEveryStoryOnTwoDocumentsGivingOneStoryId() throws {
        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: makeSUT(sameIds: true)))

        XCTAssertEqual(coverage.stories.map(\.id), ["STORY-0", "STORY-0"])
        XCTAssertEqual(coverage.stories.map(\.uri), ["Requirements/a.md", "Requirements/b.md"])
    }

    func test_make_keepsAStoryOnceOnTheBodiesOfShardsThatReadOtherPaths() throws {
        let shards = makeSUT(scope: .init(partial: true, elsewhere: [])) + makeSUT(scope: .init(partial: true, elsewhere: ["X"]))

        let coverage = try XCTUnwrap(RequirementsCoverage.make(from: shards))

        XCTAssertEqual(coverage.stories.map(\.id), ["STORY-0"])
    }

    func test_requirementsFormat_writesATablePerStoryWithTheTotalsOnACoveredRun() throws {
        let text = try render(.requirements, makeSUT())

        XCTAssertTrue(text.contains("**1 of 3 criteria proven (33%)** · 1 failing · 1 without a scenario"), text)
        XCTAssertTrue(text.contains("## STORY-0: A story\n\n> As a user\n> I want\n\n1 of 3 proven (33%)"), text)
        XCTAssertTrue(text.contains("| STORY-0-AC-4 | Fourth \\| pipe | ❌ failing | `Features/area0/feature0.feature:"), text)
        XCTAssertTrue(text.contains("| STORY-0-AC-9 | Ninth | ⚠️ no scenario | — |"), text)
        XCTAssertTrue(text.contains("- `STORY-0-AC-0` (`Requirements/a.md:3`): **Given** a given **When** a when **Then** a then\n"), text)
    }

    func test_requirementsJSONFormat_carriesStatusesAndScenariosOnACoveredRun() throws {
        let text = try render(.requirementsJSON, makeSUT())
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let stories = try XCTUnwrap(json["stories"] as? [[String: Any]])
        let criteria = try XCTUnwrap(stories.first?["criteria"] as? [[String: Any]])

        XCTAssertEqual(json["total"] as? Int, 3)
        XCTAssertEqual(criteria.map { $0["status"] as? String }, ["proven", "failing", "no-scenario"])
        XCTAssertEqual((criteria[1]["scenarios"] as? [Any])?.count, 10)
    }

    func test_summary_countsTheCriteriaByStatusOnARunWithRequirements() throws {
        let text = try render(.summary, makeSUT())
        let plain = try render(.summary, SyntheticRun.envelopes(scenarios: 50))

        XCTAssertTrue(text.contains("\n3 criteria (1 proven, 1 failing, 1 no scenario)\n"), text)
        XCTAssertFalse(plain.contains("criteri"), plain)
    }

    func test_summary_saysWhyItNamesCriteriaOnARunThatCanProveNoneOfThem() throws {
        var envelopes = SyntheticRun.envelopes(scenarios: 3)
        let body = #"""
            {"version":1,"stories":[{"id":"OTHER","title":"Another story","uri":"Requirements/b.md","line":1,"narrative":"","criteria":[
            {"id":"OTHER-AC-1","title":"One","type":"","given":[],"when":[],"then":[],"uri":"Requirements/b.md","line":3,"derived":false},
            {"id":"OTHER-AC-2","title":"Two","type":"","given":[],"when":[],"then":[],"uri":"Requirements/b.md","line":5,"derived":false}]}],"warnings":[]}
            """#
        let scoped = RequirementsAttachment.body(body, scope: .init(partial: true, elsewhere: ["OTHER-AC-1", "OTHER-AC-2"]))
        let started = envelopes.firstIndex { $0.testRunStarted != nil }!
        envelopes.insert(RequirementsAttachment.envelope(body: scoped, testRunStartedId: "run"), at: started + 1)

        let text = try render(.summary, envelopes)

        XCTAssertTrue(
            text.contains(
                "\n2 criteria, none in this run (their scenarios are in files it did not run; --no-requirements leaves them out)\n"), text)
    }

    // MARK: - Helpers

    /// A 50-scenario run (scenario s tagged `@STORY-0-AC-<s % 5>`, every 10th failing) carrying three criteria;
    /// `sameIds`: and a story `Requirements/b.md` of the same id (its document gave the same Document Id).
    private func makeSUT(scope: RequirementsAttachment.Scope? = nil, sameIds: Bool = false) -> [Envelope] {
        var envelopes = SyntheticRun.envelopes(scenarios: 50)
        let twin = #"""
            ,{"id":"STORY-0","title":"Its twin","uri":"Requirements/b.md","line":1,"narrative":"","criteria":[
            {"id":"STORY-0-AC-5","title":"Fifth","type":"","given":[],"when":[],"then":[],"uri":"Requirements/b.md","line":3,"derived":false}]}
            """#
        let body = #"""
            {"version":1,"stories":[{"id":"STORY-0","title":"A story","uri":"Requirements/a.md","line":1,"narrative":"As a user\nI want","criteria":[
            {"id":"STORY-0-AC-0","title":"First","type":"Happy_Path","given":["a given"],"when":["a when"],"then":["a then"],"uri":"Requirements/a.md","line":3,"derived":false},
            {"id":"STORY-0-AC-4","title":"Fourth | pipe","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":9,"derived":false},
            {"id":"STORY-0-AC-9","title":"Ninth","type":"","given":[],"when":[],"then":[],"uri":"Requirements/a.md","line":12,"derived":true}]}
            """# + (sameIds ? twin : "") + #"""
                ],
                "warnings":[{"uri":"Requirements/a.md","line":5,"message":"a warning"}]}
                """#
        let started = envelopes.firstIndex { $0.testRunStarted != nil }!
        let scoped = scope.map { RequirementsAttachment.body(body, scope: $0) } ?? body
        envelopes.insert(RequirementsAttachment.envelope(body: scoped, testRunStartedId: "run"), at: started + 1)
        return envelopes
    }
}
