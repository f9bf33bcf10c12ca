import Messages
import SpecRunCore
import TagExpressions
import XCTest

@testable import SpecRunWorkers

/// What the supervisor learns of worker 0's prelude (`Supervisor+Plan`).
final class SupervisorPlanTests: XCTestCase {
    func test_learn_marksTheTestCasesOfSerialPicklesOnASerialExpression() throws {
        var sut = makeSUT(serial: try TagExpression.parse("@serial"))

        learnPrelude(&sut, serial: [1])

        XCTAssertEqual(sut.count, 3)
        XCTAssertEqual(sut.serialFlags, [false, true, false])
        XCTAssertEqual(sut[1].testCaseId, "tc1")
        XCTAssertEqual(sut.stepCount(of: 1), 2)
        XCTAssertEqual(sut.testRunStartedId, "run")
    }

    func test_learn_marksNoTestCaseSerialOnNoExpression() {
        var sut = makeSUT(serial: nil)

        learnPrelude(&sut, serial: [1])

        XCTAssertEqual(sut.serialFlags, [false, false, false])
    }

    func test_learn_keepsEachTestCasesPickleOnlyOnNamingTestCases() {
        var naming = makeSUT(namesTestCases: true), notNaming = makeSUT()

        learnPrelude(&naming)
        learnPrelude(&notNaming)

        XCTAssertEqual(naming.pickle(of: 2)?.id, "p2")
        XCTAssertEqual(naming.pickle(of: 2)?.uri, "f2.feature")
        XCTAssertNil(notNaming.pickle(of: 2))
    }

    func test_forget_dropsTheStepsAndPickleOfACompleteTestCase() {
        var sut = makeSUT(namesTestCases: true)
        learnPrelude(&sut)

        sut.forget(0)

        XCTAssertEqual(sut.stepCount(of: 0), 0)
        XCTAssertNil(sut.pickle(of: 0))
        XCTAssertEqual(sut.stepCount(of: 1), 2, "the others kept")
    }

    func test_learn_tellsAfterAllHooksFromBeforeAllOnes() {
        var sut = makeSUT()

        sut.learn(Envelope(hook: Hook(id: "before", sourceReference: SourceReference(), type: .beforeTestRun)))
        XCTAssertFalse(sut.hasAfterAllHooks)
        sut.learn(Envelope(hook: Hook(id: "after", sourceReference: SourceReference(), type: .afterTestRun)))

        XCTAssertTrue(sut.hasAfterAllHooks)
        XCTAssertTrue(sut.isAfterAll("after"))
        XCTAssertFalse(sut.isAfterAll("before"))
    }

    // MARK: - Helpers

    private func makeSUT(serial: TagExpression? = nil, namesTestCases: Bool = false) -> Supervisor.Plan {
        Supervisor.Plan(serial: serial, namesTestCases: namesTestCases)
    }

    private func learnPrelude(_ sut: inout Supervisor.Plan, serial: Set<Int> = []) {
        for index in 0..<3 {
            let tags = serial.contains(index) ? [PickleTag(name: "@serial", astNodeId: "t")] : []
            sut.learn(
                Envelope(
                    pickle: Pickle(
                        id: "p\(index)", uri: "f\(index).feature", name: "S\(index)", language: "en",
                        steps: [], tags: tags, astNodeIds: [])))
        }
        sut.learn(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")))
        for index in 0..<3 {
            let steps = (0..<2).map { TestStep(id: "s\(index)-\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
            sut.learn(Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")))
        }
    }
}
