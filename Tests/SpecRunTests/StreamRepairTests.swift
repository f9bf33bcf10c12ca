import Foundation
import Messages
@testable import SpecRun
import XCTest

/// The supervisor's repair of a crashed worker's stream: whatever was cut off, the joined stream is complete
/// (every testCaseStarted finished, one testRunFinished) and its ids are unique.
final class StreamRepairTests: XCTestCase {
    func test_workerEnded_failsTheRunningStepAndSkipsTheRestOnCrash() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1", "s2", "s3"]).forEach(sut.receive)
        [started("tcs1", "tc1"), stepStarted("tcs1", "s1"), stepFinished("tcs1", "s1", .passed), stepStarted("tcs1", "s2")]
            .forEach(sut.receive)

        let next = sut.workerEnded(WorkerResult(exit: .signaled(4)))

        XCTAssertEqual(next, .resume(after: 1))
        let tail = Array(forwarded.all.suffix(4))
        XCTAssertEqual(tail.map(kind), ["testStepFinished", "testStepStarted", "testStepFinished", "testCaseFinished"])
        let failed = tail[0].testStepFinished
        XCTAssertEqual(failed?.testStepId, "s2")
        XCTAssertEqual(failed?.testStepResult.status, .failed)
        XCTAssertEqual(failed?.testStepResult.exception?.type, "Crash")
        XCTAssertTrue(failed?.testStepResult.message?.hasPrefix(
            "the step crashed the process: signal 4 (SIGILL) — a Swift runtime trap such as a force unwrap of nil, fatalError or an index out of range; the scenario is marked failed and the run goes on") ?? false,
                      failed?.testStepResult.message ?? "no message")
        XCTAssertEqual(tail[2].testStepFinished?.testStepId, "s3")
        XCTAssertEqual(tail[2].testStepFinished?.testStepResult.status, .skipped)
        XCTAssertEqual(tail[3].testCaseFinished?.testCaseStartedId, "tcs1")
        XCTAssertEqual(tail[3].testCaseFinished?.willBeRetried, false)
    }

    func test_workerEnded_blamesTheNextStepOnCrashBetweenSteps() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1", "s2"]).forEach(sut.receive)
        [started("tcs1", "tc1"), stepStarted("tcs1", "s1"), stepFinished("tcs1", "s1", .passed)].forEach(sut.receive)

        _ = sut.workerEnded(WorkerResult(exit: .signaled(11)))

        let finished = forwarded.all.compactMap(\.testStepFinished).last
        XCTAssertEqual(finished?.testStepId, "s2")
        XCTAssertEqual(finished?.testStepResult.status, .failed)
        XCTAssertTrue(finished?.testStepResult.message?.contains("signal 11 (SIGSEGV)") ?? false)
    }

    func test_workerEnded_quotesTheRuntimeFatalErrorLineOnCrash() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1"]).forEach(sut.receive)
        [started("tcs1", "tc1"), stepStarted("tcs1", "s1")].forEach(sut.receive)

        _ = sut.workerEnded(WorkerResult(exit: .signaled(4), stderrTail: "some output\nSteps/Crash.swift:15: Fatal error: Unexpectedly found nil while unwrapping an Optional value\nCurrent stack trace:\n0    libswiftCore.so    0x00007f swift_reportError + 33\n"))

        let message = forwarded.all.compactMap(\.testStepFinished).last?.testStepResult.message ?? ""
        XCTAssertTrue(message.hasSuffix("\nSteps/Crash.swift:15: Fatal error: Unexpectedly found nil while unwrapping an Optional value"), message)
    }

    func test_receive_joinsTheResumedWorkerIntoOneCompleteStreamWithUniqueIds() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1"], hook: true).forEach(sut.receive)
        beforeAll("hs1").forEach(sut.receive)
        [started("tcs1", "tc1"), stepStarted("tcs1", "s1")].forEach(sut.receive)
        XCTAssertEqual(sut.workerEnded(WorkerResult(exit: .signaled(4))), .resume(after: 1))

        // The resumed worker makes the same ids (predictable ids): the same definitions, and "tcs1"/"hs1" again.
        definitions(steps: ["s1"], hook: true).forEach(sut.receive)
        beforeAll("hs1").forEach(sut.receive)
        [started("tcs1", "tc2"), stepStarted("tcs1", "t1"), stepFinished("tcs1", "t1", .passed), caseFinished("tcs1"),
         Envelope(testRunFinished: TestRunFinished(success: true, timestamp: time, testRunStartedId: "run"))].forEach(sut.receive)
        let next = sut.workerEnded(WorkerResult(exit: .exited(0)))

        XCTAssertEqual(next, .finished(exitCode: 1))
        let stream = forwarded.all
        XCTAssertEqual(stream.filter { $0.meta != nil }.count, 1)
        XCTAssertEqual(stream.filter { $0.testRunStarted != nil }.count, 1)
        XCTAssertEqual(stream.compactMap(\.testCase).map(\.id), ["tc1", "tc2"])
        XCTAssertEqual(stream.compactMap(\.testRunHookStarted).count, 1, "the resumed worker's BeforeAll hook is not reported twice")
        let startedIds = stream.compactMap(\.testCaseStarted).map(\.id)
        XCTAssertEqual(startedIds, ["tcs1", "tcs1-1"])
        XCTAssertEqual(Set(startedIds), Set(stream.compactMap(\.testCaseFinished).map(\.testCaseStartedId)),
                       "every testCaseStarted has its testCaseFinished")
        for finished in stream.compactMap(\.testStepFinished) {
            XCTAssertTrue(startedIds.contains(finished.testCaseStartedId), "dangling reference \(finished.testCaseStartedId)")
        }
        XCTAssertEqual(stream.compactMap(\.testRunFinished).map(\.success), [false], "one testRunFinished, failed")
        XCTAssertEqual(kind(stream.last!), "testRunFinished")
    }

    func test_workerEnded_endsTheRunFailedOnCrashInBeforeAllHook() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1"], hook: true).forEach(sut.receive)
        sut.receive(beforeAll("hs1")[0])

        let next = sut.workerEnded(WorkerResult(exit: .signaled(6)))

        XCTAssertEqual(next, .finished(exitCode: 1))
        let hookFinished = forwarded.all.compactMap(\.testRunHookFinished).last
        XCTAssertEqual(hookFinished?.testRunHookStartedId, "hs1")
        XCTAssertEqual(hookFinished?.result.status, .failed)
        let finished = forwarded.all.compactMap(\.testRunFinished)
        XCTAssertEqual(finished.count, 1)
        XCTAssertEqual(finished.first?.success, false)
        XCTAssertEqual(finished.first?.exception?.type, "Crash")
        XCTAssertTrue(finished.first?.message?.contains("during a BeforeAll hook: signal 6 (SIGABRT)") ?? false,
                      finished.first?.message ?? "no message")
    }

    func test_workerEnded_startsAndFinishesTheRunOnCrashWhileLoading() {
        let (sut, forwarded) = makeSUT()
        sut.receive(Envelope(meta: meta))

        XCTAssertEqual(sut.workerEnded(WorkerResult(exit: .signaled(4))), .finished(exitCode: 1))

        XCTAssertEqual(forwarded.all.map(kind), ["meta", "testRunStarted", "testRunFinished"])
        XCTAssertEqual(forwarded.all.last?.testRunFinished?.testRunStartedId, forwarded.all[1].testRunStarted?.id)
    }

    func test_workerEnded_endsTheRunWithoutRestartOnInterrupt() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1", "s2"]).forEach(sut.receive)
        [started("tcs1", "tc1"), stepStarted("tcs1", "s1")].forEach(sut.receive)

        XCTAssertEqual(sut.workerEnded(WorkerResult(exit: .signaled(2))), .finished(exitCode: 130))

        XCTAssertEqual(forwarded.all.suffix(5).map(kind),
                       ["testStepFinished", "testStepStarted", "testStepFinished", "testCaseFinished", "testRunFinished"])
        XCTAssertEqual(forwarded.all.compactMap(\.testStepFinished).first?.testStepResult.message,
                       "the run was interrupted (signal 2 (SIGINT)) during this step; the scenario is marked failed")
        let finished = forwarded.all.last?.testRunFinished
        XCTAssertEqual(finished?.success, false)
        XCTAssertEqual(finished?.message, "the run was interrupted (signal 2 (SIGINT)); the results so far are reported")
        XCTAssertEqual(finished?.exception?.type, "Interrupted")
        XCTAssertTrue(sut.interrupted)
        XCTAssertEqual(sut.crashCount, 0)
    }

    func test_workerEnded_reportsNotStartedOnUsageErrorBeforeAnyEnvelope() {
        let (sut, forwarded) = makeSUT()

        XCTAssertEqual(sut.workerEnded(WorkerResult(exit: .exited(2))), .notStarted(exitCode: 2))
        XCTAssertTrue(forwarded.all.isEmpty)
    }

    func test_workerEnded_passesTheWorkersExitCodeThroughOnNormalEnd() {
        let (sut, _) = makeSUT()
        definitions(steps: ["s1"]).forEach(sut.receive)
        sut.receive(Envelope(testRunFinished: TestRunFinished(success: true, timestamp: time, testRunStartedId: "run")))

        XCTAssertEqual(sut.workerEnded(WorkerResult(exit: .exited(3))), .finished(exitCode: 3))
    }

    func test_workerEnded_treatsAnExitWithoutTestRunFinishedAsACrash() {
        let (sut, forwarded) = makeSUT()
        definitions(steps: ["s1"]).forEach(sut.receive)
        [started("tcs1", "tc1"), stepStarted("tcs1", "s1")].forEach(sut.receive)

        XCTAssertEqual(sut.workerEnded(WorkerResult(exit: .exited(0))), .resume(after: 1))
        let message = forwarded.all.compactMap(\.testStepFinished).last?.testStepResult.message ?? ""
        XCTAssertTrue(message.hasPrefix("the step ended the process (exit status 0) before its scenario finished"), message)
    }

    // MARK: - Helpers

    private let time = Timestamp(seconds: 0, nanos: 0)
    private let meta = Meta(protocolVersion: "1", implementation: Product(name: "specrun"), runtime: Product(name: "swift"),
                            os: Product(name: "linux"), cpu: Product(name: "x64"))

    private func makeSUT() -> (StreamRepair, Forwarded) {
        let forwarded = Forwarded()
        let sut = StreamRepair(now: { Date(timeIntervalSince1970: 0) }, forward: forwarded.append)
        return (sut, forwarded)
    }

    final class Forwarded {
        private(set) var all: [Envelope] = []
        func append(_ envelope: Envelope) { all.append(envelope) }
    }

    private func definitions(steps: [String], hook: Bool = false) -> [Envelope] {
        var envelopes = [Envelope(meta: meta)]
        if hook {
            envelopes.append(Envelope(hook: Hook(id: "h1", sourceReference: SourceReference(), type: .beforeTestRun)))
        }
        envelopes.append(Envelope(testRunStarted: TestRunStarted(timestamp: time, id: "run")))
        envelopes.append(Envelope(testCase: TestCase(id: "tc1", pickleId: "p1", testSteps: steps.map { TestStep(id: $0) }, testRunStartedId: "run")))
        envelopes.append(Envelope(testCase: TestCase(id: "tc2", pickleId: "p2", testSteps: [TestStep(id: "t1")], testRunStartedId: "run")))
        return envelopes
    }

    private func beforeAll(_ id: String) -> [Envelope] {
        [Envelope(testRunHookStarted: TestRunHookStarted(id: id, testRunStartedId: "run", hookId: "h1", timestamp: time)),
         Envelope(testRunHookFinished: TestRunHookFinished(testRunHookStartedId: id,
                                                           result: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed),
                                                           timestamp: time))]
    }

    private func started(_ id: String, _ testCaseId: String) -> Envelope {
        Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: id, testCaseId: testCaseId, timestamp: time))
    }

    private func stepStarted(_ caseId: String, _ stepId: String) -> Envelope {
        Envelope(testStepStarted: TestStepStarted(testCaseStartedId: caseId, testStepId: stepId, timestamp: time))
    }

    private func stepFinished(_ caseId: String, _ stepId: String, _ status: TestStepResultStatus) -> Envelope {
        Envelope(testStepFinished: TestStepFinished(testCaseStartedId: caseId, testStepId: stepId,
                                                    testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: status),
                                                    timestamp: time))
    }

    private func caseFinished(_ caseId: String) -> Envelope {
        Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: caseId, timestamp: time, willBeRetried: false))
    }

    private func kind(_ envelope: Envelope) -> String {
        let json = (try? NDJSON.encode(envelope)) ?? ""
        return String(json.dropFirst(2).prefix { $0 != "\"" })
    }
}
