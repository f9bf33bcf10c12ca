import Foundation
import Messages
import SharedState
import SpecRunCore
import TagExpressions
import XCTest

@testable import SpecRunWorkers

/// The supervisor as a state machine, fed hand-made envelopes of hand-made workers.
final class SupervisorTests: XCTestCase, SupervisorScript {
    func test_control_handsOutTestCasesAsWorkersBecomeReadyAndEndsThemWhenAllAreDone() {
        let (sut, _) = makeSUT(workers: 2)
        XCTAssertEqual(sut.start(), [.start(worker: 0), .start(worker: 1)])
        prelude(sut, cases: 3)

        XCTAssertEqual(sut.control(ready(3), from: 0), [.send(worker: 0, .run(0))])
        XCTAssertEqual(sut.control(ready(3), from: 1), [.send(worker: 1, .run(1))])
        XCTAssertEqual(runCase(sut, index: 0, worker: 0), [.send(worker: 0, .run(2))])
        XCTAssertEqual(runCase(sut, index: 1, worker: 1), [])
        XCTAssertEqual(runCase(sut, index: 2, worker: 0), [.send(worker: 0, .end), .send(worker: 1, .end)])
    }

    func test_receive_topsUpAWorkersQueueOnlyOnceHalfOfItHasRun() {
        let (sut, _) = makeSUT(workers: 2)
        _ = sut.start()
        prelude(sut, cases: 400)
        var handedOut = sut.control(ready(400), from: 0).flatMap(Self.runIndices)
        XCTAssertEqual(handedOut, Array(0..<50), "a quarter of each worker's share of what is left, at most 256")

        var topUps: [[Int]] = []
        var next = 0
        while next < handedOut.count {
            let runs = runCase(sut, index: handedOut[next], worker: 0).flatMap(Self.runIndices)
            if !runs.isEmpty { topUps.append(runs) }
            handedOut += runs
            next += 1
        }

        XCTAssertEqual(handedOut, Array(0..<400), "every test case once, in order")
        XCTAssertLessThanOrEqual(topUps.count, 350 / 4, "in batches, not one instruction per test case run (one each only at the very end)")
        XCTAssertGreaterThan(topUps.first?.count ?? 0, 1)
    }

    func test_control_handsALoneWorkerThousandsAheadInOneInstructionAndTopsUpAfterHalf() {
        let (sut, _) = makeSUT(workers: 1)
        _ = sut.start()
        let count = Supervisor.queueAheadAlone * 2 + 100
        prelude(sut, cases: count)

        let first = sut.control(ready(count), from: 0)
        XCTAssertEqual(first, [.send(worker: 0, .runs(0..<Supervisor.queueAheadAlone))], "one line for all of them")

        var topUps: [[Supervisor.Action]] = []
        for index in 0..<count {
            let actions = runCase(sut, index: index, worker: 0)
            if !actions.isEmpty { topUps.append(actions) }
        }
        let half = Supervisor.queueAheadAlone / 2
        XCTAssertEqual(
            topUps.first, [.send(worker: 0, .runs(Supervisor.queueAheadAlone..<Supervisor.queueAheadAlone + half))],
            "topped up once half has run, back to the full queue")
        XCTAssertEqual(
            topUps.flatMap { $0.flatMap(Self.runIndices) }, Array(Supervisor.queueAheadAlone..<count), "every test case once, in order")
        XCTAssertEqual(topUps.last, [.send(worker: 0, .end)])
        XCTAssertEqual(topUps.count, 4, "two top-ups of half, the rest, the end")
    }

    func test_control_handsTheFirstReadyWorkerItsShareOfAllTheRunsWorkersNotOfItselfAlone() {
        let (sut, _) = makeSUT(workers: 8)
        _ = sut.start()
        prelude(sut, cases: 64)

        let first = sut.control(ready(64), from: 0).flatMap(Self.runIndices)

        // (Alone, it took a quarter of the run, 16, and ran the last of them one after another while seven idled.)
        XCTAssertEqual(first, [0, 1], "64 test cases for 8 workers, a quarter of each one's share ahead")
    }

    func test_receive_streamsTheNextTestCaseLiveAndHoldsLaterOnesWhole() {
        let (sut, forwarded) = makeSUT(workers: 2)
        _ = sut.start()
        prelude(sut, cases: 2)
        _ = sut.control(ready(2), from: 0)
        _ = sut.control(ready(2), from: 1)
        let before = forwarded.all.count

        runCase(sut, index: 1, worker: 1, steps: 2)
        XCTAssertEqual(forwarded.all.count, before, "case 1 waits, whole, for case 0")
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)
        XCTAssertEqual(forwarded.all.count, before + 2, "case 0, next in the planned order, streams live")
        _ = sut.receive(stepFinished("c0", "s0-0", .passed), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-1"), from: 0)
        _ = sut.receive(stepFinished("c0", "s0-1", .passed), from: 0)
        _ = sut.receive(caseFinished("c0"), from: 0)

        let order = forwarded.all[before...].compactMap { $0.testCaseStarted?.id ?? $0.testCaseFinished?.testCaseStartedId }
        XCTAssertEqual(order, ["c0", "c0", "c1", "c1"])
    }

    func test_receive_journalsEveryEnvelopeOnceAsItArrivesHeldOnesIncludedWhileTheStreamKeepsThePlannedOrder() {
        let (sut, forwarded) = makeSUT(workers: 2)
        let journal = Forwarded()
        sut.journal = journal.append
        _ = sut.start()
        prelude(sut, cases: 2)
        _ = sut.control(ready(2), from: 0)
        _ = sut.control(ready(2), from: 1)
        _ = sut.receive(started("c0", index: 0), from: 0)
        let before = journal.all.count

        runCase(sut, index: 1, worker: 1, steps: 2)
        XCTAssertEqual(journal.all.count, before + 6, "case 1, held for the stream, is journaled as it comes")
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)
        _ = sut.receive(stepFinished("c0", "s0-0", .passed), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-1"), from: 0)
        _ = sut.receive(stepFinished("c0", "s0-1", .passed), from: 0)
        _ = sut.receive(caseFinished("c0"), from: 0)

        func order(_ envelopes: [Envelope]) -> [String] {
            envelopes.compactMap { $0.testCaseStarted?.id ?? $0.testCaseFinished?.testCaseStartedId }
        }
        XCTAssertEqual(order(journal.all), ["c0", "c1", "c1", "c0"], "arrival order, each envelope once")
        XCTAssertEqual(order(forwarded.all), ["c0", "c0", "c1", "c1"], "the planned order")
        XCTAssertEqual(journal.all.count, forwarded.all.count, "the same envelopes")
    }

    func test_workerEnded_failsTheRunningStepSkipsTheRestAndStartsAnotherWorkerOnCrash() {
        let (sut, forwarded) = makeSUT(workers: 1)
        _ = sut.start()
        prelude(sut, cases: 2)
        _ = sut.control(ready(2), from: 0)
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)

        let actions = sut.workerEnded(0, WorkerResult(exit: .signaled(4), stderrTail: "x.swift:3: Fatal error: boom\n"))

        XCTAssertEqual(actions, [.start(worker: 1)])
        let results = forwarded.all.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .skipped])
        XCTAssertEqual(results.first?.exception?.type, "Crash")
        XCTAssertTrue(results.first?.message?.contains("x.swift:3: Fatal error: boom") ?? false)
        XCTAssertEqual(sut.crashCount, 1)
        XCTAssertEqual(sut.control(ready(2), from: 1), [.send(worker: 1, .run(1))], "the replacement goes on after it")
    }

    func test_workerEnded_startsOneMoreWorkerToRunTheAfterAllHooksOnACrashInTheLastScenario() {
        let (sut, _) = makeSUT(workers: 1)
        _ = sut.start()
        _ = sut.receive(Envelope(hook: Hook(id: "h", sourceReference: SourceReference(), type: .afterTestRun)), from: 0)
        prelude(sut, cases: 1)
        _ = sut.control(ready(1), from: 0)
        _ = sut.receive(started("c0", index: 0), from: 0)

        let actions = sut.workerEnded(0, WorkerResult(exit: .signaled(4)))

        XCTAssertEqual(actions, [.start(worker: 1)], "the crashed worker never ran the AfterAll hooks")
        XCTAssertEqual(sut.control(ready(1), from: 1), [.send(worker: 1, .end)], "it runs them and ends")
    }

    func test_workerEnded_startsNoWorkerAfterACrashInTheLastScenarioWithoutAfterAllHooks() {
        let (sut, _) = makeSUT(workers: 1)
        _ = sut.start()
        prelude(sut, cases: 1)
        _ = sut.control(ready(1), from: 0)
        _ = sut.receive(started("c0", index: 0), from: 0)

        XCTAssertEqual(sut.workerEnded(0, WorkerResult(exit: .signaled(4))), [])
    }

    func test_workerEnded_handsTheTestCasesQueuedForADeadWorkerToAnother() {
        let (sut, _) = makeSUT(workers: 1)
        _ = sut.start()
        prelude(sut, cases: 40)
        XCTAssertEqual(sut.control(ready(40), from: 0), [.send(worker: 0, .runs(0..<40))], "a lone worker is handed all 40 ahead")
        _ = sut.receive(started("c0", index: 0), from: 0)

        _ = sut.workerEnded(0, WorkerResult(exit: .signaled(11)))

        XCTAssertEqual(sut.control(ready(40), from: 1), [.send(worker: 1, .runs(1..<40))], "the queued ones are not lost")
    }

    func test_workerEnded_namesTheTimeoutAndTheStepOnTimeout() {
        let (sut, forwarded) = makeSUT(workers: 1)
        _ = sut.start()
        prelude(sut, cases: 1)
        _ = sut.control(ready(1), from: 0)
        _ = sut.receive(started("c0", index: 0), from: 0)
        _ = sut.receive(stepStarted("c0", "s0-0"), from: 0)
        _ = sut.control(.timedOut(seconds: 60, step: "step 'x' at a.feature:3"), from: 0)

        _ = sut.workerEnded(0, WorkerResult(exit: .exited(WorkerOutbox.timedOutStatus)))

        let failed = forwarded.all.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(failed?.exception?.type, "Timeout")
        XCTAssertTrue(failed?.message?.hasPrefix("the step timed out after 60 s (step 'x' at a.feature:3)") ?? false, failed?.message ?? "")
        XCTAssertEqual(sut.timeoutCount, 1)
    }

    func test_workerEnded_endsWithoutRestartAndFinishesTheRunOnInterrupt() {
        let (sut, forwarded) = makeSUT(workers: 2)
        _ = sut.start()
        prelude(sut, cases: 3)
        _ = sut.control(ready(3), from: 0)
        _ = sut.control(ready(3), from: 1)
        _ = sut.receive(started("c0", index: 0), from: 0)
        sut.interrupt(2)

        XCTAssertEqual(sut.workerEnded(0, WorkerResult(exit: .signaled(2))), [])
        XCTAssertEqual(sut.workerEnded(1, WorkerResult(exit: .signaled(2))), [])

        XCTAssertEqual(forwarded.all.compactMap(\.testStepFinished).first?.testStepResult.exception?.type, "Interrupted")
        XCTAssertEqual(forwarded.all.compactMap(\.testRunFinished).map(\.success), [false])
        XCTAssertEqual(
            forwarded.all.compactMap(\.testCaseStarted).map(\.testCaseId), ["tc0", "tc1"],
            "the two running are reported interrupted; nothing new is handed out")
    }

    func test_control_neverRunsTwoSerialTestCasesAtOnce() throws {
        let (sut, _) = makeSUT(workers: 2, serial: try TagExpression.parse("@serial"))
        _ = sut.start()
        prelude(sut, cases: 3, serial: [0, 1])

        XCTAssertEqual(sut.control(ready(3), from: 0), [.send(worker: 0, .run(0))])
        XCTAssertEqual(sut.control(ready(3), from: 1), [.send(worker: 1, .run(2))], "case 1 is @serial too: it waits")
        XCTAssertEqual(runCase(sut, index: 0, worker: 0), [.send(worker: 0, .run(1))])
    }

    func test_control_handsSerialTestCasesOutInThePlannedOrderOnOneWorker() throws {
        let (sut, _) = makeSUT(workers: 1, serial: try TagExpression.parse("@serial"))
        _ = sut.start()
        prelude(sut, cases: 12, serial: [0, 1])

        XCTAssertEqual(
            sut.control(ready(12), from: 0), [.send(worker: 0, .runs(0..<12))],
            "one worker runs one test case at a time: nothing to hold back")
    }

    func test_control_skipsTheRestAfterAFailureUnderFailFast() {
        // (Two workers, the first alone ready: a lone worker is handed both at once, and skips the second itself.)
        let (sut, _) = makeSUT(workers: 2, failFast: true)
        _ = sut.start()
        prelude(sut, cases: 2)
        _ = sut.control(ready(2), from: 0)
        XCTAssertEqual(runCase(sut, index: 0, worker: 0, status: .failed), [.send(worker: 0, .skip(1))])
    }

    func test_workerEnded_abortsWithTheUsageErrorOfAWorkerThatCouldNotStart() {
        let (sut, _) = makeSUT(workers: 2)
        _ = sut.start()

        XCTAssertEqual(sut.workerEnded(0, WorkerResult(exit: .exited(2))), [.stopAll, .abort(exitCode: 2)])
    }

    func test_workerEnded_sendsOneTestRunFinishedForAllWorkers() {
        let (sut, forwarded) = makeSUT(workers: 2)
        _ = sut.start()
        prelude(sut, cases: 0)
        _ = sut.control(ready(0), from: 0)
        _ = sut.control(ready(0), from: 1)
        for worker in [0, 1] {
            _ = sut.receive(
                Envelope(
                    testRunFinished: TestRunFinished(
                        success: true, timestamp: Timestamp(seconds: 5, nanos: 0),
                        testRunStartedId: "run")), from: worker)
            _ = sut.workerEnded(worker, WorkerResult(exit: .exited(0)))
        }

        XCTAssertEqual(forwarded.all.compactMap(\.testRunFinished).map(\.success), [true])
    }

    func test_receive_putsTheDocumentsItMakesRightAfterWorkerZerosMetaAndLearnsTheirSerialPickles() throws {
        let forwarded = Forwarded()
        let settings = Supervisor.Settings(workers: 2, serial: try TagExpression.parse("@serial"))
        let made = Locked(0)
        let sut = Supervisor(
            settings: settings, now: { Date(timeIntervalSince1970: 10) },
            documents: { emit in
                made.withLock { $0 += 1 }
                for index in 0..<2 {
                    emit(
                        Envelope(
                            pickle: Pickle(
                                id: "p\(index)", uri: "a.feature", name: "S\(index)", language: "en", steps: [],
                                tags: [PickleTag(name: "@serial", astNodeId: "t")], astNodeIds: [])))
                }
            }, forward: forwarded.append)
        _ = sut.start()
        let meta = Envelope(
            meta: Meta(
                protocolVersion: "1", implementation: Product(name: "specrun"), runtime: Product(name: "swift"),
                os: Product(name: "linux"), cpu: Product(name: "x64")))

        _ = sut.receive(meta, from: 1)
        XCTAssertEqual(made.withLock { $0 }, 0, "only worker 0's prelude is the stream's")
        _ = sut.receive(meta, from: 0)
        _ = sut.receive(meta, from: 0)
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
        for index in 0..<2 {
            _ = sut.receive(
                Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: [], testRunStartedId: "run")), from: 0)
        }

        XCTAssertEqual(made.withLock { $0 }, 1, "made once")
        XCTAssertEqual(forwarded.all.map(\.kind), [.meta, .pickle, .pickle, .meta, .testRunStarted, .testCase, .testCase])
        XCTAssertEqual(sut.control(ready(2), from: 0), [.send(worker: 0, .run(0))])
        XCTAssertEqual(sut.control(ready(2), from: 1), [], "the made pickles are @serial: the second waits")
    }

    func test_control_namesEachTestCasesPickleToWorkersOtherThanTheFirstBeforeHandingItOut() {
        let forwarded = Forwarded()
        var settings = Supervisor.Settings(workers: 2)
        settings.namesTestCases = true
        let sut = Supervisor(settings: settings, now: { Date(timeIntervalSince1970: 10) }, forward: forwarded.append)
        _ = sut.start()
        prelude(sut, cases: 3)

        XCTAssertEqual(sut.control(ready(3), from: 0), [.send(worker: 0, .run(0))], "the first worker planned them all")
        XCTAssertEqual(
            sut.control(ready(0), from: 1),
            [
                .send(worker: 1, .name(1, pickleId: "p1", uri: "a.feature")),
                .send(worker: 1, .run(1)),
            ])
        XCTAssertEqual(
            runCase(sut, index: 1, worker: 1),
            [
                .send(worker: 1, .name(2, pickleId: "p2", uri: "a.feature")),
                .send(worker: 1, .run(2)),
            ])
        XCTAssertEqual(runCase(sut, index: 0, worker: 0), [])
    }

    func test_control_namesNoPickleWhenNotAskedTo() {
        let (sut, _) = makeSUT(workers: 2)
        _ = sut.start()
        prelude(sut, cases: 2)

        _ = sut.control(ready(2), from: 0)
        XCTAssertEqual(sut.control(ready(2), from: 1), [.send(worker: 1, .run(1))])
    }

    // MARK: - Helpers

    private func makeSUT(workers: Int, failFast: Bool = false, serial: TagExpression? = nil) -> (Supervisor, Forwarded) {
        let forwarded = Forwarded()
        let settings = Supervisor.Settings(workers: workers, failFast: failFast, serial: serial)
        return (Supervisor(settings: settings, now: { Date(timeIntervalSince1970: 10) }, forward: forwarded.append), forwarded)
    }

    final class Forwarded {
        private(set) var all: [Envelope] = []
        func append(_ envelope: Envelope) { all.append(envelope) }
    }
}
