import Foundation
import Messages
import XCTest

@testable import SpecRunWorkers

/// A plan that comes file by file (`Supervisor+PlanByFile`): each lot of test cases handed out as its `planned` line
/// comes, the run ended only once the plan is whole, and a plan whose sender crashed finished by the next worker.
final class SupervisorPlanByFileTests: XCTestCase, SupervisorScript {
    func test_planned_takesEachLotAsHandedToWorkerZeroAndEndsItOnlyAfterItsReady() {
        let (sut, _) = makeSUT()
        XCTAssertEqual(sut.start(), [.start(worker: 0)])
        runStarted(sut)

        planFile(sut, cases: 0..<2, from: 0)
        XCTAssertEqual(sut.control(.planned(testCases: 2), from: 0), [], "worker 0 runs what it plans, unasked")
        XCTAssertEqual(runCase(sut, index: 0, worker: 0), [])
        XCTAssertEqual(runCase(sut, index: 1, worker: 0), [], "nothing left to run, but the plan goes on: no end yet")
        planFile(sut, cases: 2..<3, from: 0)
        XCTAssertEqual(sut.control(.planned(testCases: 3), from: 0), [])
        XCTAssertEqual(runCase(sut, index: 2, worker: 0), [])
        planFile(sut, cases: 3..<5, from: 0)
        XCTAssertEqual(sut.control(.planned(testCases: 5), from: 0), [])

        XCTAssertEqual(sut.control(ready(5), from: 0), [])
        XCTAssertEqual(runCase(sut, index: 3, worker: 0), [])
        XCTAssertEqual(runCase(sut, index: 4, worker: 0), [.send(worker: 0, .end)])
    }

    func test_planned_streamsEachLotsTestCasesBeforeTheirRunsInThePlannedOrder() {
        let (sut, forwarded) = makeSUT()
        _ = sut.start()
        runStarted(sut)

        planFile(sut, cases: 0..<1, from: 0)
        _ = sut.control(.planned(testCases: 1), from: 0)
        runCase(sut, index: 0, worker: 0)
        planFile(sut, cases: 1..<2, from: 0)
        _ = sut.control(ready(2), from: 0)
        runCase(sut, index: 1, worker: 0)

        let order = forwarded.all.compactMap { envelope in
            envelope.testCase.map { "plan \($0.id)" } ?? envelope.testCaseFinished.map { "end \($0.testCaseStartedId)" }
        }
        XCTAssertEqual(order, ["plan tc0", "end c0", "plan tc1", "end c1"])
        _ = sut.workerEnded(0, WorkerResult(exit: .exited(0)))
        XCTAssertEqual(forwarded.all.compactMap(\.testRunFinished).count, 1)
    }

    func test_workerEnded_hasTheNextWorkerPlanTheRestAndHandsItWhatToRunWhenWorkerZeroCrashesBeforeItsReady() {
        let (sut, forwarded) = makeSUT()
        _ = sut.start()
        runStarted(sut)
        planFile(sut, cases: 0..<2, from: 0)
        _ = sut.control(.planned(testCases: 2), from: 0)
        _ = sut.receive(started("c0", index: 0), from: 0)

        XCTAssertEqual(sut.workerEnded(0, WorkerResult(exit: .signaled(11))), [.start(worker: 1)])
        XCTAssertEqual(sut.planner, 1, "the next worker sends the plan")

        let before = forwarded.all.count
        planFile(sut, cases: 0..<2, from: 1)
        XCTAssertEqual(forwarded.all.count, before, "the test cases the plan has already are not sent twice")
        XCTAssertEqual(sut.control(.planned(testCases: 2), from: 1), [.send(worker: 1, .run(1))], "the one left after the crash")
        planFile(sut, cases: 2..<3, from: 1)
        XCTAssertEqual(forwarded.all.compactMap(\.testCase).map(\.id), ["tc0", "tc1", "tc2"])
        XCTAssertEqual(sut.control(.planned(testCases: 3), from: 1), [.send(worker: 1, .run(2))])
        XCTAssertEqual(sut.control(ready(3), from: 1), [])
        XCTAssertEqual(runCase(sut, index: 1, worker: 1), [])
        XCTAssertEqual(runCase(sut, index: 2, worker: 1), [.send(worker: 1, .end)])
    }

    func test_workerEnded_keepsWorkerZeroThePlansSenderWhenItCrashesAfterItsReady() {
        let (sut, _) = makeSUT()
        _ = sut.start()
        runStarted(sut)
        planFile(sut, cases: 0..<2, from: 0)
        _ = sut.control(.planned(testCases: 1), from: 0)
        _ = sut.control(ready(2), from: 0)
        _ = sut.receive(started("c0", index: 0), from: 0)

        XCTAssertEqual(sut.workerEnded(0, WorkerResult(exit: .signaled(11))), [.start(worker: 1)])

        XCTAssertEqual(sut.planner, 0, "the plan is whole: the next worker sends none")
        XCTAssertEqual(sut.control(ready(2), from: 1), [.send(worker: 1, .run(1))])
    }

    func test_planned_isIgnoredFromAWorkerThatDoesNotSendThePlan() {
        let (sut, _) = makeSUT(workers: 2)
        _ = sut.start()
        runStarted(sut)
        planFile(sut, cases: 0..<2, from: 0)

        XCTAssertEqual(sut.control(.planned(testCases: 2), from: 1), [])
        XCTAssertFalse(sut.plansByFile)
    }

    func test_planned_forwardsEachFilesDocumentsWholeRightBeforeItsFirstTestCaseAndTheRestAtTheReady() {
        let (sut, forwarded) = makeSUT()
        var files = [[pickle("p0"), pickle("p1")], [parseError()], [pickle("p2")], [pickle("unplanned")]]
        var made = 0
        sut.documentBatches = {
            guard !files.isEmpty else { return nil }
            made += 1
            return files.removeFirst()
        }
        _ = sut.start()
        _ = sut.receive(
            Envelope(
                meta: Meta(
                    protocolVersion: "1", implementation: Product(name: "x"), runtime: Product(name: "y"),
                    os: Product(name: "z"), cpu: Product(name: "c"))), from: 0)
        runStarted(sut)
        XCTAssertEqual(made, 0, "no file is made before its test cases come")

        planFile(sut, cases: 0..<2, from: 0)
        XCTAssertEqual(made, 1)
        planFile(sut, cases: 2..<3, from: 0)
        XCTAssertEqual(made, 3, "the file without test cases on the way")
        _ = sut.control(ready(3), from: 0)

        XCTAssertEqual(made, 4, "the files left, at the ready")
        let order = forwarded.all.compactMap { envelope in
            envelope.pickle.map { "pickle \($0.id)" } ?? envelope.testCase.map { "plan \($0.pickleId)" }
                ?? (envelope.parseError != nil ? "parse error" : nil)
        }
        XCTAssertEqual(
            order, ["pickle p0", "pickle p1", "plan p0", "plan p1", "parse error", "pickle p2", "plan p2", "pickle unplanned"])
    }

    // MARK: - Helpers

    private func pickle(_ id: String) -> Envelope {
        Envelope(pickle: Pickle(id: id, uri: "a.feature", name: id, language: "en", steps: [], tags: [], astNodeIds: []))
    }

    private func parseError() -> Envelope {
        Envelope(parseError: ParseError(source: SourceReference(uri: "b.feature"), message: "b.feature:1:1: bad"))
    }

    private func makeSUT(workers: Int = 1) -> (Supervisor, SupervisorTests.Forwarded) {
        let forwarded = SupervisorTests.Forwarded()
        let settings = Supervisor.Settings(workers: workers)
        return (Supervisor(settings: settings, now: { Date(timeIntervalSince1970: 10) }, forward: forwarded.append), forwarded)
    }

    private func runStarted(_ sut: Supervisor) {
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "run")), from: 0)
    }

    /// One file's test cases (two steps each), as the worker `number` sends them.
    private func planFile(_ sut: Supervisor, cases: Range<Int>, from number: Int) {
        for index in cases {
            let steps = (0..<2).map { TestStep(id: "s\(index)-\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
            _ = sut.receive(
                Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")),
                from: number)
        }
    }
}
