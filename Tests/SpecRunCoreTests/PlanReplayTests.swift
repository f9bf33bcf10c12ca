import Messages
import XCTest

@testable import SpecRunCore

/// A test case is planned once to send its `testCase` message and planned again when it runs (`PlanBook`): the
/// second plan must be the first, ids included, or no report could find a step's result.
final class PlanReplayTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take(); _ = BasketWorld.made.take() }

    func test_run_startsEveryStepUnderAnIdItsTestCaseAnnouncedOnSeveralScenarios() async throws {
        let feature = """
            Feature: f
              Background:
                Given a step passes
              Scenario: one
                Given the basket has 2 items
                Then the basket holds 2 items
              Scenario Outline: two
                Given the basket has <n> items
                Then the basket holds <n> items
                Examples:
                  | n |
                  | 1 |
                  | 3 |
            """
        let (_, spy) = try await run(makeSUT(features: ["features/a.feature": feature], libraries: [BasketSteps.self]))

        let testCases = spy.envelopes.compactMap(\.testCase)
        XCTAssertEqual(testCases.count, 3)
        let attempts = Dictionary(uniqueKeysWithValues: spy.envelopes.compactMap(\.testCaseStarted).map { ($0.id, $0.testCaseId) })
        let stepsByCase = Dictionary(uniqueKeysWithValues: testCases.map { ($0.id, $0.testSteps.map(\.id)) })
        let started = spy.envelopes.compactMap(\.testStepStarted)
        XCTAssertEqual(started.count, testCases.map(\.testSteps.count).reduce(0, +))
        for step in started {
            let testCaseId = try XCTUnwrap(attempts[step.testCaseStartedId])
            XCTAssertTrue(
                stepsByCase[testCaseId]?.contains(step.testStepId) == true,
                "\(step.testStepId) was not announced by test case \(testCaseId)")
        }
        XCTAssertEqual(spy.testStepResults.filter { $0 != .passed }, [])
    }

    func test_replayedIds_handOutAPlansIdsInOrder() {
        // (A plan's ids: `TestCasePlan.ids`, in the order the planner drew them; the run above checks the round trip.)
        let replay = ReplayedIdGenerator(["7", "8", "9"])

        XCTAssertEqual([replay.newId(), replay.newId(), replay.newId()], ["7", "8", "9"])
        XCTAssertEqual(replay.newId().count, 36, "past the plan's ids: a fresh UUID")
    }
}
