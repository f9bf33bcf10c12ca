import Foundation
import Messages
import XCTest

/// Blame lands on the culprit: work scenario A left running (a Thread, a detached Task) that traps while scenario
/// B runs kills B's worker; B fails (its worker died under it) and its failure names A and the code that trapped —
/// "started by scenario 'leaves work' (h.feature:4) …, still running after it ended". Found by a hostile sweep:
/// the innocent B alone was blamed, the culprit read PASSED without a word.
final class CulpritEndToEndTests: XCTestCase {
    func test_run_namesTheEarlierScenarioAndItsStepOnATrapFromWorkItLeftRunning() throws {
        for leftover in ["a Thread", "a detached Task"] {
            let run = try runHostile([
                "h.feature": """
                Feature: Hostile
                  Scenario: leaves work
                    When a step leaves \(leftover) that traps after 300 ms
                  Scenario: innocent
                    When a step sleeps 2000 ms
                  Scenario: after
                    Given a passing step

                """
            ])

            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(
                run.scenarios.map { "\($0.name): \($0.status)" },
                [
                    "leaves work: \(TestStepResultStatus.passed)", "innocent: \(TestStepResultStatus.failed)",
                    "after: \(TestStepResultStatus.passed)",
                ],
                leftover)
            let message = run.failureMessages.first ?? ""
            XCTAssertTrue(message.contains("the step crashed the process"), message)
            XCTAssertTrue(
                message.contains("in the step definition 'a step leaves \(leftover) that traps after {int} ms' at "),
                "\(leftover): \(message)")
            XCTAssertTrue(
                message.contains("which this scenario does not run: started by scenario 'leaves work' (h.feature:2)"),
                "\(leftover): \(message)")
        }
    }

    func test_run_namesNoOtherScenarioOnATrapInTheRunningStepsOwnCode() throws {
        let run = try runHostile([
            "h.feature": """
            Feature: Hostile
              Scenario: leaves work
                When a step leaves a Thread that traps after 3000 ms
              Scenario: traps itself
                When a step calls fatalError

            """
        ])

        XCTAssertEqual(run.status, 1, run.stderr)
        let message = run.failureMessages.first ?? ""
        XCTAssertTrue(message.contains("the step crashed the process"), message)
        XCTAssertFalse(message.contains("started by"), message)
    }
}
