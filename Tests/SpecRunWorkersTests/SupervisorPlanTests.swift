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

    func test_learn_holdsTheTestCaseMessagesOwnStepsArrayOnPlansWithSentSteps() {
        var sut = makeSUT(holdsSentSteps: true)
        let message = testCaseWithAHook()

        sut.learn(Envelope(testCase: message))

        guard case .sent(let held) = sut[0].steps.storage else { return XCTFail("the plan made steps of its own") }
        XCTAssertEqual(storage(of: held), storage(of: message.testSteps), "the message's own array, not a copy")
    }

    func test_learn_keepsStepsOfItsOwnOnPlansWithoutSentSteps() {
        var sut = makeSUT()
        let message = testCaseWithAHook()

        sut.learn(Envelope(testCase: message))

        guard case .kept = sut[0].steps.storage else { return XCTFail("the plan held the message's array") }
    }

    func test_steps_readTheSameIdsHooksAndCodeWhetherSentOrKept() {
        for holdsSentSteps in [true, false] {
            var sut = makeSUT(holdsSentSteps: holdsSentSteps)
            learnDefinitions(&sut)

            sut.learn(Envelope(testCase: testCaseWithAHook()))

            let steps = sut[0].steps
            XCTAssertEqual(steps.map(\.id), ["h0", "s0", "s1"], "\(holdsSentSteps)")
            XCTAssertEqual(steps.map(\.isHook), [true, false, false], "\(holdsSentSteps)")
            XCTAssertEqual((0..<steps.count).map(steps.id(at:)), ["h0", "s0", "s1"], "\(holdsSentSteps)")
            XCTAssertEqual(sut.definitions.map(\.text), ["Before hook", "the cart has {int} items", "I pay"])
            XCTAssertTrue(sut.runs(0, in: 0), "the hook's code, \(holdsSentSteps)")
            XCTAssertTrue(sut.runs(2, in: 0), "the second step's code, \(holdsSentSteps)")
            XCTAssertFalse(sut.runs(1, in: 0), "a step definition no step of it runs, \(holdsSentSteps)")
        }
    }

    // MARK: - Helpers

    private func makeSUT(
        serial: TagExpression? = nil, namesTestCases: Bool = false, holdsSentSteps: Bool = false
    ) -> Supervisor.Plan {
        Supervisor.Plan(serial: serial, namesTestCases: namesTestCases, holdsSentSteps: holdsSentSteps)
    }

    /// A hook (code 0) and two step definitions (1, 2), as a prelude names them before its test cases.
    private func learnDefinitions(_ sut: inout Supervisor.Plan) {
        func source(_ line: Int) -> SourceReference { SourceReference(uri: "Steps.swift", location: Location(line: line)) }
        sut.learn(Envelope(hook: Hook(id: "before", name: "Before hook", sourceReference: source(3))))
        for (id, text, line) in [("d-items", "the cart has {int} items", 7), ("d-pay", "I pay", 9)] {
            sut.learn(
                Envelope(
                    stepDefinition: StepDefinition(
                        id: id, pattern: StepDefinitionPattern(source: text, type: .cucumberExpression),
                        sourceReference: source(line))))
        }
    }

    /// A test case whose first step runs the hook and whose other two both run "I pay".
    private func testCaseWithAHook() -> TestCase {
        TestCase(
            id: "tc", pickleId: "p",
            testSteps: [
                TestStep(hookId: "before", id: "h0"),
                TestStep(id: "s0", pickleStepId: "ps0", stepDefinitionIds: ["d-pay"]),
                TestStep(id: "s1", pickleStepId: "ps1", stepDefinitionIds: ["d-pay"]),
            ])
    }

    private func storage(of steps: [TestStep]) -> UnsafeRawPointer? {
        steps.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
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
