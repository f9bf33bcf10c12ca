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

    /// A copy forked with the raw system call runs no `pthread_atfork` handler and keeps the channels open: its pid
    /// tells it is a copy before it reads or writes them, and it ends, saying so.
    func test_run_endsTheCopyBeforeItSpeaksOnAStepForkingWithTheRawSystemCallAChildThatGoesOn() throws {
        #if arch(x86_64) && os(Linux)
        for delay in [0, 100] {
            let run = try runHostile(
                forkThenFailing("When a step forks with the raw system call a child that goes on after \(delay) ms"))
            XCTAssertFalse(run.hung, run.stderr)
            XCTAssertEqual(run.status, 1, "delay \(delay): \(run.stderr)")
            XCTAssertEqual(run.scenarios.map(\.name), ["forks", "fails", "after"], "delay \(delay)")
            XCTAssertEqual(run.scenarios.map(\.status), [.passed, .failed, .passed], "delay \(delay): \(run.stderr)")
            // (One that sleeps first may be ended with the worker's leftovers before it wakes.)
            if delay == 0 {
                XCTAssertTrue(run.stderr.contains("went on running the worker's code"), run.stderr)
            }
        }
        #endif
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
