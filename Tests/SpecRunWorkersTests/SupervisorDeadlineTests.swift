import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The supervisor owns time (`Supervisor+Deadlines`): its clock is moved by hand here.
final class SupervisorDeadlineTests: XCTestCase {
    func test_tick_sendsSIGTERMThenSIGKILLToAWorkerSilentInAStepPastTheDeadline() {
        let (sut, clock, forwarded) = makeSUT(timeout: 1)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)

        clock.advance(1.9)
        XCTAssertEqual(sut.tick(), [], "the timeout and its slack of 1 s are not over")
        clock.advance(0.2)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGTERM)])
        XCTAssertEqual(sut.tick(), [], "once")
        clock.advance(1.0)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGKILL)], "it ignored SIGTERM (or is stopped)")
        XCTAssertEqual(sut.tick(), [])

        let actions = sut.workerEnded(0, WorkerResult(exit: .signaled(SIGKILL)))
        XCTAssertEqual(actions.first, .start(worker: 1), "replaced: the run goes on")
        let failed = forwarded.all.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(failed?.exception?.type, "Timeout")
        XCTAssertTrue(
            failed?.message?.hasPrefix("the step timed out after 1 s (its worker process gave no sign of life for 2 s") ?? false,
            failed?.message ?? "")
        XCTAssertEqual(sut.timeoutCount, 1)
        XCTAssertEqual(sut.crashCount, 0)
    }

    func test_tick_followsTheScopedLimitAWorkerSaysItsStepHas() {
        let (sut, clock, forwarded) = makeSUT(timeout: 60)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.control(.limit(seconds: 1, source: "@timeout:1s"), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)

        clock.advance(1.9)
        XCTAssertEqual(sut.tick(), [], "the tag's 1 s and its slack of 1 s are not over")
        clock.advance(0.2)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGTERM)], "not --timeout's 60 s")

        _ = sut.workerEnded(0, WorkerResult(exit: .signaled(SIGTERM)))
        let failed = forwarded.all.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(failed?.exception?.type, "Timeout")
        XCTAssertTrue(failed?.message?.hasSuffix("(its limit: @timeout:1s)") ?? false, failed?.message ?? "")
    }

    func test_receive_hearsNothingMoreFromAWorkerEndedPastItsDeadlineOnAStepThatResumesBeforeTheSIGTERMLands() {
        let (sut, clock, forwarded) = makeSUT(timeout: 1)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)
        clock.advance(2.1)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGTERM)])

        // The stopped step resumed (SIGCONT) before the SIGTERM landed: its test case ends, the next starts.
        for step in ["s0-0", "s0-1"] {
            if step == "s0-1" { _ = sut.receive(stepStarted("c0", step), from: 0) }
            _ = sut.receive(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: "c0", testStepId: step,
                        testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed),
                        timestamp: Timestamp(seconds: 2, nanos: 0))), from: 0)
        }
        _ = sut.receive(
            Envelope(
                testCaseFinished: TestCaseFinished(
                    testCaseStartedId: "c0", timestamp: Timestamp(seconds: 3, nanos: 0), willBeRetried: false)),
            from: 0)
        _ = sut.workerEnded(0, WorkerResult(exit: .signaled(SIGTERM)))

        let results = forwarded.all.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .skipped], "the test case past its deadline, as the supervisor ended it")
        XCTAssertEqual(results.first?.exception?.type, "Timeout")
    }

    func test_tick_givesALongerScopedLimitItsTimeAndReturnsToTheTimeoutAfterIt() {
        let (sut, clock, _) = makeSUT(timeout: 1)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.control(.limit(seconds: 30, source: "@timeout:30s"), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)
        for _ in 0..<200 {
            clock.advance(0.1)
            XCTAssertEqual(sut.tick(), [], "the tag's 30 s, not --timeout's 1 s")
        }

        _ = sut.control(.limit(seconds: nil, source: nil), from: 0)
        var actions: [Supervisor.Action] = []
        for _ in 0..<21 {
            clock.advance(0.1)
            actions += sut.tick()
        }
        XCTAssertEqual(actions, [.signal(worker: 0, SIGTERM)], "--timeout again")
    }

    func test_control_readsTheLimitLineItWrites() {
        for control in [
            WorkerControl.limit(seconds: 1.5, source: "@timeout:1.5s"), .limit(seconds: nil, source: nil),
            .timedOut(seconds: 2, step: "step 'x'", source: "@timeout:2s"),
        ] {
            XCTAssertEqual(WorkerControl(line: control.line.dropLast()), control)
        }
    }

    func test_tick_leavesAWorkerThatKeepsTalkingAlone() {
        let (sut, clock, _) = makeSUT(timeout: 1)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        for step in 0..<10 {
            clock.advance(0.9)
            XCTAssertEqual(sut.tick(), [])
            _ = sut.receive(stepStarted("c0", "s0-\(step)"), from: 0)
        }
    }

    func test_tick_boundsAHangingBeforeAllHookOfTheFirstWorker() {
        let (sut, clock, forwarded) = makeSUT(timeout: 1)
        _ = sut.start()
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
        _ = sut.receive(Envelope(hook: Hook(id: "h", sourceReference: SourceReference(), type: .beforeTestRun)), from: 0)
        _ = sut.receive(
            Envelope(
                testRunHookStarted: TestRunHookStarted(
                    id: "hs", testRunStartedId: "run", hookId: "h",
                    timestamp: Timestamp(seconds: 1, nanos: 0))), from: 0)
        clock.advance(2.1)

        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGTERM)])
        _ = sut.workerEnded(0, WorkerResult(exit: .signaled(SIGTERM)))

        let hook = forwarded.all.compactMap(\.testRunHookFinished).first?.result
        XCTAssertEqual(hook?.status, .failed)
        XCTAssertEqual(hook?.exception?.type, "Timeout")
        XCTAssertTrue(hook?.message?.hasPrefix("the BeforeAll hook timed out after 1 s") ?? false, hook?.message ?? "")
        XCTAssertEqual(forwarded.all.compactMap(\.testRunFinished).map(\.success), [false], "the run ends, failed")
        XCTAssertNil(sut.interruptedBy, "its SIGTERM was the supervisor's own: no interruption")
    }

    func test_tick_countsTheSilenceFromTheEndOfItsOwnStallOnASupervisorThatCouldNotListen() {
        let (sut, clock, _) = makeSUT(timeout: 1)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        XCTAssertEqual(sut.tick(), [])

        clock.advance(5)
        XCTAssertEqual(sut.tick(), [], "no tick for 5 s: the supervisor stalled (slow reports), not the worker")
        for _ in 0..<19 {
            clock.advance(0.1)
            XCTAssertEqual(sut.tick(), [])
        }
        clock.advance(0.1)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGTERM)], "2 s of silence after the stall")
    }

    func test_tick_leavesAWorkerLoadingFeaturesAlone() {
        let (sut, clock, _) = makeSUT(timeout: 1)
        _ = sut.start()
        clock.advance(100)
        XCTAssertEqual(sut.tick(), [], "no user code runs before the first hook (parsing a large file takes what it takes)")
    }

    func test_tick_boundsAWorkerThatDoesNotEndAfterItWasToldTo() {
        let (sut, clock, _) = makeSUT(timeout: 1)
        startRunning(sut)
        runCase(sut, index: 0, worker: 0)
        runCase(sut, index: 1, worker: 0)
        clock.advance(2.1)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGTERM)], "an AfterAll hook that never ends")
    }

    func test_tick_signalsNothingWithoutATimeout() {
        let (sut, clock, _) = makeSUT(timeout: 0)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)
        clock.advance(1_000_000)
        XCTAssertEqual(sut.tick(), [])
    }

    func test_interrupt_killsTheWorkersStillRunningAfterTheGrace() {
        let (sut, clock, _) = makeSUT(timeout: 0, workers: 2)
        startRunning(sut, workers: 2)

        XCTAssertEqual(sut.interrupt(SIGINT), [], "passed on by the signal handler already")
        clock.advance(1.9)
        XCTAssertEqual(sut.tick(), [])
        clock.advance(0.2)
        XCTAssertEqual(sut.tick(), [.signal(worker: 0, SIGKILL), .signal(worker: 1, SIGKILL)], "they ignore SIGINT")
        XCTAssertEqual(sut.tick(), [])
    }

    func test_interrupt_killsEveryWorkerAtOnceOnASecondInterrupt() {
        let (sut, _, _) = makeSUT(timeout: 0, workers: 2)
        startRunning(sut, workers: 2)
        sut.interrupt(SIGINT, count: 1)
        XCTAssertEqual(sut.interrupt(SIGINT, count: 1), [], "the first heard again (a worker's end)")

        XCTAssertEqual(sut.interrupt(SIGINT, count: 2), [.signal(worker: 0, SIGKILL), .signal(worker: 1, SIGKILL)])
    }

    func test_workerEnded_reportsACrashAndGoesOnOnAWorkerEndedBySIGTERMThatSpecrunDidNotSend() {
        let (sut, _, forwarded) = makeSUT(timeout: 0)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)

        let actions = sut.workerEnded(0, WorkerResult(exit: .signaled(SIGTERM)))

        XCTAssertEqual(actions.first, .start(worker: 1))
        XCTAssertNil(sut.interruptedBy, "a step that signals its own process does not stop the run")
        let failed = forwarded.all.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(failed?.exception?.type, "Crash")
        XCTAssertTrue(failed?.message?.contains("ended by signal 15 (SIGTERM), not sent by specrun") ?? false, failed?.message ?? "")
    }

    func test_workerEnded_namesTheBrokenChannelOnAWorkerThatLostIt() {
        let (sut, _, forwarded) = makeSUT(timeout: 0)
        startRunning(sut)
        _ = sut.receive(started("c0", index: 0), from: 0)

        _ = sut.workerEnded(
            0,
            WorkerResult(
                exit: .exited(WorkerChannels.brokenStatus),
                stderrTail: "specrun --worker: Fatal error: the worker's message channel to specrun broke"))

        let failed = forwarded.all.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertTrue(failed?.message?.hasPrefix("the step broke the worker's channel to specrun") ?? false, failed?.message ?? "")
        XCTAssertTrue(failed?.message?.contains("Fatal error: the worker's message channel") ?? false, "its own line quoted")
    }

    // MARK: - Helpers

    final class Clock: @unchecked Sendable {
        var nanoseconds: UInt64 = 1_000_000_000
        func advance(_ seconds: Double) { nanoseconds += UInt64(seconds * 1e9) }
    }

    final class Forwarded {
        private(set) var all: [Envelope] = []
        func append(_ envelope: Envelope) { all.append(envelope) }
    }

    private func makeSUT(timeout: Double, workers: Int = 1) -> (Supervisor, Clock, Forwarded) {
        let clock = Clock(), forwarded = Forwarded()
        var settings = Supervisor.Settings(workers: workers)
        settings.timeoutSeconds = timeout
        let sut = Supervisor(
            settings: settings, now: { Date(timeIntervalSince1970: 10) }, uptime: { clock.nanoseconds },
            forward: forwarded.append)
        return (sut, clock, forwarded)
    }

    /// Started, worker 0's prelude of one test case per worker and one more (two steps each), every worker ready.
    private func startRunning(_ sut: Supervisor, workers: Int = 1) {
        _ = sut.start()
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
        for index in 0...workers {
            let steps = (0..<2).map { TestStep(id: "s\(index)-\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
            _ = sut.receive(
                Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")), from: 0)
        }
        for number in 0..<workers { _ = sut.control(.ready(testCases: workers + 1, beforeAllPassed: true, keys: nil), from: number) }
    }

    private func runCase(_ sut: Supervisor, index: Int, worker: Int) {
        let id = "c\(index)"
        _ = sut.receive(started(id, index: index), from: worker)
        for step in 0..<2 {
            _ = sut.receive(stepStarted(id, "s\(index)-\(step)"), from: worker)
            _ = sut.receive(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: id, testStepId: "s\(index)-\(step)",
                        testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed),
                        timestamp: Timestamp(seconds: 2, nanos: 0))), from: worker)
        }
        _ = sut.receive(
            Envelope(
                testCaseFinished: TestCaseFinished(
                    testCaseStartedId: id, timestamp: Timestamp(seconds: 3, nanos: 0),
                    willBeRetried: false)), from: worker)
    }

    private func started(_ id: String, index: Int) -> Envelope {
        Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: id, testCaseId: "tc\(index)", timestamp: Timestamp(seconds: 2, nanos: 0)))
    }

    private func stepStarted(_ caseId: String, _ stepId: String) -> Envelope {
        Envelope(
            testStepStarted: TestStepStarted(testCaseStartedId: caseId, testStepId: stepId, timestamp: Timestamp(seconds: 2, nanos: 0)))
    }
}
