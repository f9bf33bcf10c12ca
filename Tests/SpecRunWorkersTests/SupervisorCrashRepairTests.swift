import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The messages that finish what a dead worker was in the middle of (`Supervisor+CrashRepair`).
final class SupervisorCrashRepairTests: XCTestCase {
    func test_testCase_failsTheRunningStepAndSkipsTheRestOnACrashMidStep() {
        let sut = makeSUT()
        var running = Supervisor.RunningCase(
            started: TestCaseStarted(attempt: 0, id: "c", testCaseId: "tc", timestamp: Timestamp(seconds: 1, nanos: 0)))
        running.finishedSteps = ["s0"]
        running.step = ("s1", Timestamp(seconds: 2, nanos: 0))

        let block = sut.testCase(planned(["s0", "s1", "s2"]), index: 0, running: running, cause: crash(), runId: "run")

        XCTAssertNil(block.first?.testCaseStarted, "the worker sent its start")
        XCTAssertEqual(block.compactMap(\.testStepStarted).map(\.testStepId), ["s2"], "s1 had started")
        XCTAssertEqual(
            block.compactMap(\.testStepFinished).map { "\($0.testStepId):\($0.testStepResult.status)" },
            ["s1:\(TestStepResultStatus.failed)", "s2:\(TestStepResultStatus.skipped)"])
        XCTAssertEqual(block.last?.testCaseFinished?.testCaseStartedId, "c")
        XCTAssertEqual(block.compactMap(\.testStepFinished).first?.testStepResult.duration.seconds, 8, "from its start to now")
    }

    func test_testCase_startsTheBlamedStepWhenTheOneBeforeEndedOnACrashWhoseStartWasNotSaid() {
        // (A worker says no step's start when no message report reads it.)
        var running = Supervisor.RunningCase(
            started: TestCaseStarted(attempt: 0, id: "c", testCaseId: "tc", timestamp: Timestamp(seconds: 1, nanos: 0)))
        running.finishedSteps = ["s0"]
        running.lastEnd = Timestamp(seconds: 3, nanos: 0)

        let block = makeSUT().testCase(planned(["s0", "s1", "s2"]), index: 0, running: running, cause: crash(), runId: "run")

        XCTAssertEqual(
            block.compactMap(\.testStepStarted).map { "\($0.testStepId)@\($0.timestamp.seconds)" }, ["s1@3", "s2@10"],
            "the blamed step from the end of the one before it, the skipped one now")
        XCTAssertEqual(
            block.compactMap(\.testStepFinished).map { "\($0.testStepId):\($0.testStepResult.status)" },
            ["s1:\(TestStepResultStatus.failed)", "s2:\(TestStepResultStatus.skipped)"])
        XCTAssertEqual(block.compactMap(\.testStepFinished).first?.testStepResult.duration.seconds, 7, "from its start to now")
    }

    func test_testCase_startsItAndFailsItsFirstStepOnACrashBeforeItStarted() {
        let block = makeSUT().testCase(planned(["s0", "s1"]), index: 3, running: nil, cause: crash(), runId: "run")

        XCTAssertEqual(block.first?.testCaseStarted?.id, "run-crashed-3")
        XCTAssertEqual(block.first?.testCaseStarted?.testCaseId, "tc")
        XCTAssertEqual(block.compactMap(\.testStepFinished).map(\.testStepResult.status), [.failed, .skipped])
    }

    func test_failedRun_namesThePhaseWithoutItsArticleOnATimeout() {
        var cause = crash()
        cause.timedOut = (2, nil, nil)

        let finished = makeSUT().failedRun(cause, during: "an AfterAll hook", runId: "run")

        XCTAssertFalse(finished.success)
        XCTAssertTrue(finished.message?.hasPrefix("the AfterAll hook timed out after 2 s") ?? false, finished.message ?? "")
        XCTAssertEqual(finished.exception?.type, "Timeout")
    }

    // MARK: - Helpers

    private func makeSUT() -> Supervisor.CrashRepair {
        Supervisor.CrashRepair(now: { Date(timeIntervalSince1970: 10) })
    }

    private func planned(_ steps: [String]) -> Supervisor.PlannedCase {
        Supervisor.PlannedCase(
            testCaseId: "tc", steps: Supervisor.PlannedSteps(.kept(steps.map { .init(id: $0, isHook: false, definition: -1) })),
            serial: false)
    }

    private func crash() -> Supervisor.Failure { Supervisor.Failure(exit: .signaled(11), interrupted: false) }
}
