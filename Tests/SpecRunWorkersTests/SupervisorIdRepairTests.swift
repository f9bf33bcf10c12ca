import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// A worker whose ids drift from the plan's has its results reported under the plan's ids (`Supervisor+IdRepair`).
final class SupervisorIdRepairTests: XCTestCase {
    func test_receive_namesThePlannedTestCaseAndStepsInOrderOnAWorkerWhoseIdsDrifted() {
        let forwarded = Forwarded()
        var warnings: [String] = []
        let sut = Supervisor(settings: Supervisor.Settings(workers: 1), now: { Date(timeIntervalSince1970: 10) }, forward: forwarded.append)
        sut.warn = { warnings.append($0) }
        _ = sut.start()
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
        let steps = (0..<2).map { TestStep(id: "s\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
        _ = sut.receive(Envelope(testCase: TestCase(id: "tc0", pickleId: "p0", testSteps: steps, testRunStartedId: "run")), from: 0)
        _ = sut.control(.ready(testCases: 1, beforeAllPassed: true, keys: nil), from: 0)

        let time = Timestamp(seconds: 2, nanos: 0)
        _ = sut.receive(Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "c", testCaseId: "drifted", timestamp: time)), from: 0)
        for step in ["x", "y"] {
            _ = sut.receive(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "c", testStepId: step, timestamp: time)), from: 0)
            _ = sut.receive(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: "c", testStepId: step,
                        testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .failed), timestamp: time)),
                from: 0)
        }
        _ = sut.receive(
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: "c", timestamp: time, willBeRetried: false)), from: 0)

        XCTAssertEqual(forwarded.all.compactMap(\.testCaseStarted).map(\.testCaseId), ["tc0"])
        XCTAssertEqual(forwarded.all.compactMap(\.testStepStarted).map(\.testStepId), ["s0", "s1"])
        XCTAssertEqual(forwarded.all.compactMap(\.testStepFinished).map(\.testStepId), ["s0", "s1"])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("named test case drifted where the plan has tc0") ?? false, "\(warnings)")
    }

    final class Forwarded {
        private(set) var all: [Envelope] = []
        func append(_ envelope: Envelope) { all.append(envelope) }
    }
}
