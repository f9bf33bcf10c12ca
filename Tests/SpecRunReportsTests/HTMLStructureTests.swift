import Foundation
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// What the page is given to be Cucumber-complete: outlines once with their Examples and a scenario per row,
/// Backgrounds once, step parameters, run hooks, parse errors, flaky scenarios and the requirements' coverage.
/// The fixture is `python3 tools/html_fixture.py Tests/SpecRunReportsTests/Fixtures/html.ndjson --scenarios 24`.
final class HTMLStructureTests: XCTestCase {
    private func makeSUT() throws -> [String: Any] {
        let html = try render(.html, loadEnvelopes(fixturesFolder().appendingPathComponent("html.ndjson")))
        return try XCTUnwrap(embeddedReportData(html))
    }

    private func features(_ data: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(data["features"] as? [[String: Any]])
    }

    func test_outline_isWrittenOnceWithItsExamplesAndTheScenarioOfEachRowOnAnOutlineRun() throws {
        let feature = try features(makeSUT())[0]
        let outlines = try XCTUnwrap(feature["outlines"] as? [[String: Any]])
        XCTAssertEqual(outlines.count, 1)
        let steps = try XCTUnwrap(outlines[0]["steps"] as? [[String: Any]])
        XCTAssertEqual(
            steps.map { $0["x"] as? String }, ["a quiz with <n> questions", #"the player answers "<answer>""#, "the score is <n>"])
        let examples = try XCTUnwrap((outlines[0]["examples"] as? [[String: Any]])?.first)
        XCTAssertEqual(examples["header"] as? [String], ["n", "answer"])
        XCTAssertEqual(examples["rows"] as? [[String]], [["3", "B0"], ["4", "B1"], ["5", "B2"]])
        let cases = try XCTUnwrap(examples["cases"] as? [Int])
        let scenarios = try XCTUnwrap(feature["scenarios"] as? [[String: Any]])
        XCTAssertEqual(cases.map { scenarios[$0]["w"] as? Int }, [0, 1, 2])
        XCTAssertEqual(cases.map { scenarios[$0]["o"] as? Int }, [0, 0, 0])
        XCTAssertEqual(scenarios[cases[2]]["s"] as? String, "failed", "each row keeps its own status")
    }

    func test_background_isWrittenOncePerFeatureAndCountedInEachScenarioOnABackgroundRun() throws {
        let feature = try features(makeSUT())[0]
        let background = try XCTUnwrap(feature["background"] as? [String: Any])
        XCTAssertEqual((background["steps"] as? [[String: Any]])?.map { $0["x"] as? String }, ["a registered player"])
        let scenarios = try XCTUnwrap(feature["scenarios"] as? [[String: Any]])
        XCTAssertTrue(scenarios.allSatisfy { $0["b"] as? Int == 1 })
    }

    func test_step_carriesItsParametersInCodePointsOnAMatchedStep() throws {
        let scenario = try XCTUnwrap((features(makeSUT())[0]["scenarios"] as? [[String: Any]])?.first)
        let step = try XCTUnwrap((scenario["p"] as? [[String: Any]])?[1])
        XCTAssertEqual(step["x"] as? String, "a quiz with 2 questions")
        XCTAssertEqual(step["g"] as? [[Int]], [[12, 1]])
    }

    func test_scenario_isFlakyOnAPassAfterAFailedAttempt() throws {
        let scenarios = try features(makeSUT()).flatMap { $0["scenarios"] as? [[String: Any]] ?? [] }
        let retried = scenarios.filter { $0["a"] != nil }
        XCTAssertEqual(retried.count, 2)
        XCTAssertTrue(retried.allSatisfy { $0["fl"] as? Bool == true && $0["s"] == nil })
        XCTAssertEqual(scenarios.filter { $0["fl"] != nil }.count, 2)
    }

    func test_run_carriesFailedRunHooksWithTheirAttachmentsAndParseErrorsOnAFailedSetUp() throws {
        let data = try makeSUT()
        let hook = try XCTUnwrap((data["runHooks"] as? [[String: Any]])?.first)
        XCTAssertEqual(hook["name"] as? String, #"BeforeAll hook "seed the database""#)
        XCTAssertEqual(hook["status"] as? String, "failed")
        XCTAssertEqual(hook["location"] as? String, "Specs/Hooks.swift:5")
        XCTAssertEqual((hook["attachments"] as? [[String: Any]])?.first?["m"] as? String, "text/x.cucumber.log+plain")
        let error = try XCTUnwrap((data["parseErrors"] as? [[String: Any]])?.first)
        XCTAssertEqual(error["uri"] as? String, "Features/broken.feature")
        XCTAssertEqual(error["line"] as? Int, 3)
        XCTAssertEqual(error["message"] as? String, "expected: #EOF, #TableRow, got 'Whatever'")
    }

    func test_requirements_coverEachCriterionByItsTaggedScenariosOnARunWithRequirements() throws {
        let requirements = try XCTUnwrap(makeSUT()["requirements"] as? [String: Any])
        let story = try XCTUnwrap((requirements["stories"] as? [[String: Any]])?.first)
        let criteria = try XCTUnwrap(story["criteria"] as? [[String: Any]])
        XCTAssertEqual(criteria.map { $0["status"] as? String }, ["proven", "failing", "not-run", "no-scenario"])
        XCTAssertEqual(criteria[0]["given"] as? [String], ["a registered player"])
        XCTAssertEqual((criteria[0]["scenarios"] as? [String])?.first, "Features/quiz-0000.feature:7")
        XCTAssertEqual(story["proven"] as? Int, 1)
        XCTAssertEqual(story["total"] as? Int, 4)
        XCTAssertEqual(story["narrative"] as? String, "As a player\nI want my score counted\nSo that I know how I did")
        XCTAssertEqual(requirements["proven"] as? Int, 2)
        XCTAssertEqual(requirements["total"] as? Int, 8)
        XCTAssertEqual(requirements["warnings"] as? [String], ["Requirements/notes.md:1: no criteria found"])
    }

    func test_html_hasNoRequirementsOnARunWithoutThem() throws {
        let data = try XCTUnwrap(embeddedReportData(render(.html, sampleEnvelopes())))
        XCTAssertNil(data["requirements"])
    }
}
