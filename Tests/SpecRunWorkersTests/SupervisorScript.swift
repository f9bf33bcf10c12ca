import Foundation
import Messages
import XCTest

@testable import SpecRunWorkers

/// Hand-made lines of hand-made workers, for the supervisor's tests: worker 0's prelude, a test case's run and its
/// envelopes.
protocol SupervisorScript {}

extension SupervisorScript {
    func ready(_ count: Int) -> WorkerControl { .ready(testCases: count, beforeAllPassed: true, keys: nil) }

    /// Worker 0's prelude: pickles (some tagged @serial), testRunStarted and test cases of two steps each.
    func prelude(_ sut: Supervisor, cases: Int, serial: Set<Int> = []) {
        for index in 0..<cases {
            let tags = serial.contains(index) ? [PickleTag(name: "@serial", astNodeId: "t")] : []
            _ = sut.receive(
                Envelope(
                    pickle: Pickle(
                        id: "p\(index)", uri: "a.feature", name: "S\(index)", language: "en",
                        steps: [], tags: tags, astNodeIds: [])), from: 0)
        }
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
        for index in 0..<cases {
            let steps = (0..<2).map { TestStep(id: "s\(index)-\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
            _ = sut.receive(
                Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")), from: 0)
        }
    }

    @discardableResult
    func runCase(_ sut: Supervisor, index: Int, worker: Int, steps: Int = 2, status: TestStepResultStatus = .passed) -> [Supervisor
        .Action]
    {
        let id = "c\(index)"
        if steps > 0 { _ = sut.receive(started(id, index: index), from: worker) }
        for step in 0..<steps {
            _ = sut.receive(stepStarted(id, "s\(index)-\(step)"), from: worker)
            _ = sut.receive(stepFinished(id, "s\(index)-\(step)", status), from: worker)
        }
        return sut.receive(caseFinished(id), from: worker)
    }

    func started(_ id: String, index: Int) -> Envelope {
        Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: id, testCaseId: "tc\(index)", timestamp: Timestamp(seconds: 2, nanos: 0)))
    }

    func stepStarted(_ caseId: String, _ stepId: String) -> Envelope {
        Envelope(
            testStepStarted: TestStepStarted(testCaseStartedId: caseId, testStepId: stepId, timestamp: Timestamp(seconds: 2, nanos: 0)))
    }

    func stepFinished(_ caseId: String, _ stepId: String, _ status: TestStepResultStatus) -> Envelope {
        Envelope(
            testStepFinished: TestStepFinished(
                testCaseStartedId: caseId, testStepId: stepId,
                testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: status),
                timestamp: Timestamp(seconds: 2, nanos: 0)))
    }

    func caseFinished(_ caseId: String) -> Envelope {
        Envelope(
            testCaseFinished: TestCaseFinished(testCaseStartedId: caseId, timestamp: Timestamp(seconds: 3, nanos: 0), willBeRetried: false))
    }

    /// The test cases an action hands out to be run, in order.
    static func runIndices(_ action: Supervisor.Action) -> [Int] {
        guard case .send(_, let instruction) = action else { return [] }
        switch instruction {
        case .run(let index): return [index]
        case .runs(let indices): return Array(indices)
        default: return []
        }
    }
}
