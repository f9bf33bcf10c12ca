import Foundation
import Messages
import SharedTestData
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// One tally: over generated worker outputs — honest ones, and hostile ones with lines that do not fit the plan
/// (a test case other than the one handed out, a step out of order or twice, an end too early, lines when no test
/// case was handed out, a `testRunFinished` claiming success whatever happened) — the run's `testRunFinished.success`
/// and the exit status read from the stream (`ExitStatus`) agree with the stream's worst result. Seeded: a failure
/// prints its seed (replay with SPECRUN_PROPERTY_SEED).
final class SupervisorHostileOutputPropertyTests: XCTestCase {
    func test_workerEnded_endsWithASuccessAndExitStatusAgreeingWithTheStreamsWorstResultOnGeneratedHostileWorkerOutputs() {
        let seed = ProcessInfo.processInfo.environment["SPECRUN_PROPERTY_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("SupervisorHostileOutputPropertyTests seed: \(seed)")
        var generator = SplitMix64(seed: seed)
        for round in 0..<300 {
            let run = HostileRun(cases: Int.random(in: 1...6, using: &generator), workers: Int.random(in: 1...3, using: &generator))
            let stream = run.play(using: &generator)
            let context = "seed \(seed), round \(round)"

            let finished = stream.compactMap(\.testRunFinished)
            XCTAssertEqual(finished.count, 1, context)
            guard let success = finished.first?.success else { continue }
            let status = ExitStatus()
            stream.forEach(status.handle)
            XCTAssertEqual(status.code == .passed, success, "exit status and testRunFinished.success: \(context)")
            let worst = Self.finalCaseResults(stream)
            if worst.contains(where: { !Self.passes($0) }) {
                XCTAssertFalse(success, "a failed test case in the stream, a successful run: \(context)")
            }
            if !success && worst.allSatisfy(Self.passes) {
                XCTAssertNotNil(finished.first?.message, "a failed run names why when no test case failed: \(context)")
            }
            if run.hostile == 0 && run.crashes == 0 && worst.allSatisfy(Self.passes) && worst.count == run.cases {
                XCTAssertTrue(success, "an honest run whose test cases all passed: \(context)")
            }
        }
    }

    /// The worst step result of each test case's last attempt in the stream.
    static func finalCaseResults(_ stream: [Envelope]) -> [TestStepResultStatus] {
        var worst: [String: TestStepResultStatus] = [:]
        var results: [TestStepResultStatus] = []
        for envelope in stream {
            if let step = envelope.testStepFinished {
                let status = step.testStepResult.status
                if status > (worst[step.testCaseStartedId] ?? .passed) { worst[step.testCaseStartedId] = status }
            }
            if let finished = envelope.testCaseFinished, !finished.willBeRetried {
                results.append(worst[finished.testCaseStartedId] ?? .passed)
            }
        }
        return results
    }

    static func passes(_ status: TestStepResultStatus) -> Bool { status == .passed || status == .skipped || status == .unknown }
}

/// A run of the supervisor with simulated workers, some of which write lines that do not fit their plan.
private final class HostileRun {
    let cases: Int
    let workers: Int
    /// How many hostile lines were written.
    var hostile = 0
    /// How many workers crashed.
    var crashes = 0
    private var stream: [Envelope] = []
    private var queues: [Int: [Int]] = [:]
    private var ending: Set<Int> = []
    private var alive: Set<Int> = []
    private var attemptCount = 0

    init(cases: Int, workers: Int) {
        self.cases = cases
        self.workers = workers
    }

    func play(using generator: inout SplitMix64) -> [Envelope] {
        let sut = Supervisor(
            settings: Supervisor.Settings(workers: workers), now: { Date(timeIntervalSince1970: 10) }, forward: { self.stream.append($0) })
        var pending = sut.start()
        var steps = 0
        while steps < 2_000 {
            steps += 1
            for action in pending { apply(action, sut) }
            pending = []
            guard let number = alive.sorted().randomElement(using: &generator) else { break }
            pending = act(number, sut, using: &generator)
        }
        return stream
    }

    private func apply(_ action: Supervisor.Action, _ sut: Supervisor) {
        switch action {
        case .start(let number):
            alive.insert(number)
            queues[number] = []
            var actions: [Supervisor.Action] = []
            if number == 0 {
                _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: time, id: "run")), from: 0)
                for index in 0..<cases {
                    let steps = (0..<2).map { TestStep(id: "s\(index)-\($0)", pickleStepId: "ps", stepDefinitionIds: ["d"]) }
                    _ = sut.receive(
                        Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")),
                        from: 0)
                }
            }
            actions += sut.control(.ready(testCases: cases, beforeAllPassed: true, keys: nil), from: number)
            for action in actions { apply(action, sut) }
        case .send(let number, .run(let index)), .send(let number, .skip(let index)):
            queues[number, default: []].append(index)
        case .send(let number, .end):
            ending.insert(number)
        case .signal(let number, _):
            end(number, sut, exit: .signaled(9))
        case .stopAll:
            for number in alive.sorted() { end(number, sut, exit: .signaled(9)) }
        default:
            break
        }
    }

    private func end(_ number: Int, _ sut: Supervisor, exit: WorkerExit) {
        guard alive.remove(number) != nil else { return }
        for action in sut.workerEnded(number, WorkerResult(exit: exit)) { apply(action, sut) }
    }

    private var time: Timestamp { Timestamp(seconds: 2, nanos: 0) }

    /// The worker's next burst of output: its next test case (honest or not), a stray line, its end.
    private func act(_ number: Int, _ sut: Supervisor, using generator: inout SplitMix64) -> [Supervisor.Action] {
        if queues[number]?.isEmpty ?? true {
            if Int.random(in: 0..<10, using: &generator) == 0 {
                hostile += 1
                return sut.receive([stray(using: &generator)], from: number)
            }
            guard ending.contains(number) else { return [] }
            // (Every worker claims success, whatever its test cases did: the run's verdict is the stream's.)
            let actions = sut.receive(
                [Envelope(testRunFinished: TestRunFinished(success: true, timestamp: time, testRunStartedId: "run"))], from: number)
            for action in actions { apply(action, sut) }
            end(number, sut, exit: .exited(0))
            return []
        }
        let index = queues[number]!.removeFirst()
        attemptCount += 1
        let id = "a\(attemptCount)"
        var lines = [Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: id, testCaseId: "tc\(index)", timestamp: time))]
        for step in 0..<2 {
            let status: TestStepResultStatus = [.passed, .passed, .failed, .skipped, .undefined].randomElement(using: &generator)!
            lines.append(
                Envelope(testStepStarted: TestStepStarted(testCaseStartedId: id, testStepId: "s\(index)-\(step)", timestamp: time)))
            lines.append(finished(id, "s\(index)-\(step)", status))
        }
        lines.append(Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: id, timestamp: time, willBeRetried: false)))
        if Int.random(in: 0..<4, using: &generator) == 0 {
            hostile += 1
            lines.insert(stray(using: &generator), at: Int.random(in: 0...lines.count, using: &generator))
        }
        if Int.random(in: 0..<12, using: &generator) == 0 {
            // A crash in the middle.
            let cut = Int.random(in: 0..<lines.count, using: &generator)
            let actions = sut.receive(Array(lines[..<cut]), from: number)
            for action in actions { apply(action, sut) }
            crashes += 1
            end(number, sut, exit: .signaled(11))
            return []
        }
        return sut.receive(lines, from: number)
    }

    private func finished(_ id: String, _ step: String, _ status: TestStepResultStatus) -> Envelope {
        Envelope(
            testStepFinished: TestStepFinished(
                testCaseStartedId: id, testStepId: step,
                testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: status), timestamp: time))
    }

    /// A line some other writer put on the channel: a copy of an earlier line, a test case not handed out, an end.
    private func stray(using generator: inout SplitMix64) -> Envelope {
        let index = Int.random(in: 0..<max(1, cases), using: &generator)
        let id = "a\(max(1, attemptCount))"
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "forked", testCaseId: "tc\(index)", timestamp: time))
        case 1: return Envelope(testStepStarted: TestStepStarted(testCaseStartedId: id, testStepId: "s\(index)-1", timestamp: time))
        case 2: return finished(id, "s\(index)-0", .passed)
        case 3: return Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: id, timestamp: time, willBeRetried: false))
        default: return Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "x", testCaseId: "not-planned", timestamp: time))
        }
    }
}
