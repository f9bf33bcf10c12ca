import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// One writer per channel (`Supervisor+PlanCheck`): a line that does not fit the worker's plan ends that worker;
/// its scenario fails naming the line, another worker is started, the run fails. Nothing is reported under the
/// plan's ids for it.
final class SupervisorPlanCheckTests: XCTestCase {
    func test_receive_endsTheWorkerAndFailsItsScenarioNamingTheLineOnATestCaseOtherThanTheOneHandedOut() {
        let (sut, forwarded) = makeSUT()
        _ = sut.receive(started("c", testCaseId: "tc0"), from: 0)
        _ = sut.receive(stepStarted("c", "s0-0"), from: 0)
        _ = sut.receive(stepFinished("c", "s0-0", .failed), from: 0)

        let actions = sut.receive(started("forked", testCaseId: "drifted"), from: 0)

        XCTAssertEqual(actions, [.signal(worker: 0, SIGKILL)])
        XCTAssertEqual(sut.receive(stepStarted("c", "s0-1"), from: 0), [], "nothing more of it is heard")
        XCTAssertEqual(sut.workerEnded(0, WorkerResult(exit: .signaled(SIGKILL))), [.start(worker: 1)])
        let results = forwarded.all.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .failed])
        XCTAssertTrue(
            results.last?.message?.contains("does not fit its plan (test case drifted started while attempt c had not finished)") ?? false,
            "\(results.last?.message ?? "")")
        XCTAssertEqual(forwarded.all.compactMap(\.testCaseStarted).map(\.testCaseId), ["tc0"])
    }

    func test_receive_endsTheWorkerOnEachLineOutOfItsPlan() {
        let cases: [(String, [Envelope])] = [
            ("unknown test case", [started("c", testCaseId: "nope")]),
            ("step out of order", [started("c", testCaseId: "tc0"), stepStarted("c", "s0-1")]),
            (
                "step finished twice",
                [
                    started("c", testCaseId: "tc0"), stepStarted("c", "s0-0"), stepFinished("c", "s0-0", .passed),
                    stepFinished("c", "s0-0", .passed),
                ]
            ),
            ("end too early", [started("c", testCaseId: "tc0"), stepStarted("c", "s0-0"), caseFinished("c")]),
            ("another attempt's step", [started("c", testCaseId: "tc0"), stepStarted("other", "s0-0")]),
        ]
        for (name, lines) in cases {
            let (sut, _) = makeSUT()
            var actions: [Supervisor.Action] = []
            for line in lines { actions += sut.receive(line, from: 0) }
            XCTAssertEqual(actions, [.signal(worker: 0, SIGKILL)], name)
        }
    }

    func test_receive_failsTheRunNamingTheLineOnATestCaseLineWhenTheWorkerWasHandedNone() {
        let (sut, forwarded) = makeSUT()
        for (index, id) in ["a", "b"].enumerated() {
            _ = sut.receive(started(id, testCaseId: "tc\(index)"), from: 0)
            for step in 0..<2 {
                _ = sut.receive(stepStarted(id, "s\(index)-\(step)"), from: 0)
                _ = sut.receive(stepFinished(id, "s\(index)-\(step)", .passed), from: 0)
            }
            _ = sut.receive(caseFinished(id), from: 0)
        }

        XCTAssertEqual(sut.receive(caseFinished("b"), from: 0), [.signal(worker: 0, SIGKILL)])
        _ = sut.workerEnded(0, WorkerResult(exit: .signaled(SIGKILL)))

        let finished = forwarded.all.compactMap(\.testRunFinished).last
        XCTAssertEqual(finished?.success, false)
        XCTAssertTrue(finished?.message?.contains("does not fit its plan") ?? false, "\(finished?.message ?? "")")
    }

    func test_passedSteps_forwardsTheLastOfThePlansNextStepsPassedAtTheLastEndOnAnAttemptThatRuns() {
        let (sut, forwarded) = makeSUT()
        _ = sut.receive(started("c", testCaseId: "tc0"), from: 0)

        XCTAssertEqual(sut.passedSteps(2, lastEnd: Timestamp(seconds: 3, nanos: 7), from: 0), [])
        _ = sut.receive(caseFinished("c"), from: 0)

        // The steps before it are left unsaid: the run's listeners take them as passed (`RunIndex.stepsUnsaid`).
        let steps = forwarded.all.compactMap(\.testStepFinished)
        XCTAssertEqual(steps.map(\.testStepId), ["s0-1"])
        XCTAssertEqual(steps.map(\.testCaseStartedId), ["c"])
        XCTAssertEqual(steps.map(\.testStepResult), [TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed)])
        XCTAssertEqual(steps.map(\.timestamp), [Timestamp(seconds: 3, nanos: 7)])
        XCTAssertEqual(
            forwarded.all.compactMap(\.testCaseFinished).map(\.testCaseStartedId), ["c"], "the attempt ends: its steps all ended")
    }

    func test_passedSteps_endsTheWorkerMakingNoStepOnPassedStepsOutOfItsPlan() {
        // (name, lines before, steps said passed, the steps that had passed before, whether the run counts them)
        let cases: [(String, [Envelope], Int, Int, Bool)] = [
            ("no attempt runs", [], 1, 0, true),
            ("more than the plan has left", [started("c", testCaseId: "tc0"), stepFinished("c", "s0-0", .passed)], 2, 1, true),
            ("while a step runs", [started("c", testCaseId: "tc0"), stepStarted("c", "s0-0")], 1, 0, true),
            ("a forged count", [started("c", testCaseId: "tc0"), stepFinished("c", "s0-0", .passed)], Int.max, 1, true),
            ("a run whose workers send each step", [started("c", testCaseId: "tc0")], 1, 0, false),
        ]
        for (name, lines, count, before, asCount) in cases {
            let (sut, forwarded) = makeSUT(passedStepsAsCount: asCount)
            for line in lines { _ = sut.receive(line, from: 0) }

            XCTAssertEqual(sut.passedSteps(count, lastEnd: time, from: 0), [.signal(worker: 0, SIGKILL)], name)
            XCTAssertEqual(forwarded.all.compactMap(\.testStepFinished).count, before, name)
        }
    }

    // MARK: - Helpers

    private func makeSUT(passedStepsAsCount: Bool = true) -> (Supervisor, SupervisorTests.Forwarded) {
        let forwarded = SupervisorTests.Forwarded()
        let settings = Supervisor.Settings(workers: 1, passedStepsAsCount: passedStepsAsCount)
        let sut = Supervisor(settings: settings, now: { Date(timeIntervalSince1970: 10) }, forward: forwarded.append)
        _ = sut.start()
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
        for index in 0..<2 {
            let steps = (0..<2).map { TestStep(id: "s\(index)-\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
            _ = sut.receive(
                Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")), from: 0)
        }
        _ = sut.control(.ready(testCases: 2, beforeAllPassed: true, keys: nil), from: 0)
        return (sut, forwarded)
    }

    private let time = Timestamp(seconds: 2, nanos: 0)

    private func started(_ id: String, testCaseId: String) -> Envelope {
        Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: id, testCaseId: testCaseId, timestamp: time))
    }

    private func stepStarted(_ caseId: String, _ stepId: String) -> Envelope {
        Envelope(testStepStarted: TestStepStarted(testCaseStartedId: caseId, testStepId: stepId, timestamp: time))
    }

    private func stepFinished(_ caseId: String, _ stepId: String, _ status: TestStepResultStatus) -> Envelope {
        Envelope(
            testStepFinished: TestStepFinished(
                testCaseStartedId: caseId, testStepId: stepId,
                testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: status), timestamp: time))
    }

    private func caseFinished(_ caseId: String) -> Envelope {
        Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: caseId, timestamp: time, willBeRetried: false))
    }
}
