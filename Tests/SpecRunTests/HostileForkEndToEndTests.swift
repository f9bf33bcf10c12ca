import Foundation
import Messages
import XCTest

/// One writer per channel: a copy of a worker forked by a step (fork() without exec) cannot speak for it, and a
/// line that does not fit the worker's plan ends that worker. Found by a hostile sweep: a forked child that went on
/// running the worker's code, or one stray `!E` line on the worker's descriptor, made a failed scenario read
/// PASSED, and the run exit 0 with `testRunFinished success: true` while the stream held the FAILED result.
final class HostileForkEndToEndTests: XCTestCase {
    private func forkThenFailing(_ step: String) -> [String: String] {
        [
            "h.feature": """
            Feature: Hostile
              Scenario: forks
                \(step)
              Scenario: fails
                Given a failing step
              Scenario: after
                Given a passing step
                Given a passing step
            """
        ]
    }

    func test_run_failsAndReportsTheFailureOnAStepForkingAChildThatGoesOnRunningTheWorker() throws {
        for delay in [0, 30, 150] {
            let run = try runHostile(forkThenFailing("When a step forks a child that goes on after \(delay) ms"))
            XCTAssertFalse(run.hung, run.stderr)
            XCTAssertEqual(run.status, 1, "delay \(delay): \(run.stderr)")
            XCTAssertEqual(run.runFinished?.success, false, "delay \(delay)")
            XCTAssertEqual(run.scenarios.map(\.name), ["forks", "fails", "after"], "delay \(delay)")
            XCTAssertEqual(run.scenarios.map(\.status), [.passed, .failed, .passed], "delay \(delay): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("please report this"), run.stderr)
        }
    }

    func test_run_endsTheWorkerAndFailsItsScenarioNamingTheLineOnAForkedCopyWritingAStrayLineToItsChannel() throws {
        let run = try runHostile(forkThenFailing("When a step forks a child that writes a stray line after 100 ms"))
        XCTAssertFalse(run.hung, run.stderr)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.runFinished?.success, false)
        XCTAssertEqual(run.scenarios.map(\.name).sorted(), ["after", "fails", "forks"], run.stderr)
        XCTAssertEqual(run.scenarios.first { $0.name == "fails" }?.status, .failed, run.stderr)
        XCTAssertFalse(run.stderr.contains("please report this"), run.stderr)
    }
}
