import Foundation
import Messages
import XCTest

/// Blame lands on the culprit: work scenario A left running (a Thread, a detached Task) that traps while scenario
/// B runs kills B's worker; B fails (its worker died under it) and its failure names A and the code that trapped —
/// "started by scenario 'leaves work' (h.feature:4) …, still running after it ended". Found by a hostile sweep:
/// the innocent B alone was blamed, the culprit read PASSED without a word. The worker itself names the test case
/// that started the thread or task it dies on (WorkOrigin), so an `exit`, a fault, or a trap whose runtime line
/// names the standard library is named too; B's own crash never names A.
final class CulpritEndToEndTests: XCTestCase {
    func test_run_namesTheEarlierScenarioAndItsStepOnATrapFromWorkItLeftRunning() throws {
        for leftover in ["a Thread", "a detached Task"] {
            let message = try innocentsFailure(leftBy: "a step leaves \(leftover) that traps after 300 ms")
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

    func test_run_namesTheEarlierScenarioOnAnExitFromAThreadItLeftRunning() throws {
        let message = try innocentsFailure(leftBy: "a step leaves a Thread which exits after 300 ms")

        XCTAssertTrue(message.contains("the step ended the process (exit status 3)"), message)
        XCTAssertTrue(message.contains(Self.namesLeavesWork), message)
    }

    func test_run_namesTheEarlierScenarioOnAFaultOrATrapWithoutAPlaceFromAThreadItLeftRunning() throws {
        for (what, said) in [("faults", "SIGSEGV"), ("overflows", "Fatal error: Index out of range")] {
            let message = try innocentsFailure(leftBy: "a step leaves a Thread which \(what) after 300 ms")

            XCTAssertTrue(message.contains("the step crashed the process"), "\(what): \(message)")
            XCTAssertTrue(message.contains(said), "\(what): \(message)")
            XCTAssertTrue(message.contains(Self.namesLeavesWork), "\(what): \(message)")
        }
    }

    func test_run_namesTheEarlierScenarioOnAnExitATrapOrAFaultFromATaskItLeftRunning() throws {
        for (task, what) in [("detached Task", "exits"), ("detached Task", "overflows"), ("detached Task", "faults"), ("Task", "exits")] {
            let message = try innocentsFailure(leftBy: "a step leaves a \(task) which \(what) after 300 ms")

            XCTAssertTrue(message.contains("the step"), "\(task) \(what): \(message)")
            XCTAssertTrue(message.contains(Self.namesLeavesWork), "\(task) \(what): \(message)")
        }
    }

    func test_run_namesNoOtherScenarioOnACrashOfTheRunningScenariosOwnWorkBesideIdleWorkLeftRunning() throws {
        for own in [
            "exits itself", "overflows in a Thread it waits for", "exits in a detached Task it waits for",
            "faults in a detached Task it waits for",
        ] {
            let run = try runHostile([
                "h.feature": """
                Feature: Hostile
                  Scenario: leaves idle work
                    When a step leaves a Thread and a detached Task that sleep 5000 ms
                  Scenario: crashes itself
                    When a step \(own)

                """
            ])

            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(
                run.scenarios.map { "\($0.name): \($0.status)" },
                ["leaves idle work: \(TestStepResultStatus.passed)", "crashes itself: \(TestStepResultStatus.failed)"], own)
            let message = run.failureMessages.first ?? ""
            XCTAssertTrue(message.contains("the step"), "\(own): \(message)")
            XCTAssertFalse(message.contains("started by"), "\(own): \(message)")
        }
    }

    func test_run_namesTheEarlierScenarioOnATimeoutWhileTasksItLeftSpinningHoldThePool() throws {
        let run = try runHostile(
            [
                "h.feature": """
                Feature: Hostile
                  Scenario: leaves work
                    When a step leaves \(Self.spinners) detached Tasks that spin
                  Scenario: innocent
                    When a step awaits 100 ms

                """
            ], ["--timeout", "2"])

        XCTAssertEqual(run.status, 1, run.stderr)
        let message = run.failureMessages.first ?? ""
        XCTAssertTrue(message.contains("the step timed out after 2 s"), message)
        XCTAssertTrue(
            message.contains(
                "the concurrency pool's threads were running tasks started by scenario 'leaves work' (h.feature:2)"),
            message)
    }

    func test_run_namesNoOtherScenarioOnATimeoutBesideIdleWorkLeftRunningOrOfTheRunningScenariosOwnSpinningTasks() throws {
        let run = try runHostile(
            [
                "h.feature": """
                Feature: Hostile
                  Scenario: leaves idle work
                    When a step leaves a Thread and a detached Task that sleep 5000 ms
                  Scenario: spins itself
                    When a step leaves \(Self.spinners) detached Tasks that spin
                    And a step awaits 100 ms

                """
            ], ["--timeout", "2"])

        XCTAssertEqual(run.status, 1, run.stderr)
        let message = run.failureMessages.first ?? ""
        XCTAssertTrue(message.contains("the step timed out after 2 s"), message)
        XCTAssertFalse(message.contains("started by"), message)
    }

    /// More spinning tasks than the concurrency pool has threads (one per core).
    private static let spinners = ProcessInfo.processInfo.activeProcessorCount * 2

    private static let namesLeavesWork =
        "started by scenario 'leaves work' (h.feature:2), which this worker process ran earlier, and still running after it ended"

    /// The failure of scenario 'innocent', run right after 'leaves work' (whose one step is `step`) in the same
    /// worker, which the work 'leaves work' left running ends; 'leaves work' and 'after' pass.
    private func innocentsFailure(leftBy step: String) throws -> String {
        let run = try runHostile([
            "h.feature": """
            Feature: Hostile
              Scenario: leaves work
                When \(step)
              Scenario: innocent
                When a step sleeps 5000 ms
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
            step)
        return run.failureMessages.first ?? ""
    }
}
