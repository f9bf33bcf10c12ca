import Foundation
import Messages
import SharedState
import XCTest

@testable import SpecRun

/// The live progress line: counted from the envelopes, drawn after its delay on a fake terminal with a fake clock.
final class LiveProgressTests: XCTestCase {
    func test_tick_drawsNothingOnARunShorterThanTheDelay() {
        let (sut, terminal, clock) = makeSUT()
        clock.set(1.9)
        sut.tick()
        XCTAssertEqual(terminal.text, "")
    }

    func test_tick_drawsDoneTotalFailedElapsedAndTimeLeftOnALongRun() {
        let (sut, terminal, clock) = makeSUT()
        for envelope in Self.plan(scenarios: 4) { sut.handle(envelope) }
        for envelope in Self.attempt(1, of: "case-1", status: .passed) { sut.handle(envelope) }
        for envelope in Self.attempt(2, of: "case-2", status: .failed) { sut.handle(envelope) }
        clock.set(10)
        sut.tick()
        XCTAssertEqual(terminal.text, LiveProgress.erase + "2/4 scenarios · 1 failed · 0:10 elapsed · ~0:10 left")
    }

    func test_tick_countsARetriedAttemptOnceItIsFinal() {
        let (sut, terminal, clock) = makeSUT()
        for envelope in Self.plan(scenarios: 2) { sut.handle(envelope) }
        for envelope in Self.attempt(1, of: "case-1", status: .failed, willBeRetried: true) { sut.handle(envelope) }
        clock.set(3)
        sut.tick()
        XCTAssertEqual(terminal.text, LiveProgress.erase + "0/2 scenarios · 0:03 elapsed")
        for envelope in Self.attempt(2, of: "case-1", status: .passed) { sut.handle(envelope) }
        sut.tick()
        XCTAssertTrue(terminal.text.hasSuffix("1/2 scenarios · 0:03 elapsed · ~0:03 left"), terminal.text)
    }

    func test_secondsLeft_weighsScenariosByTheirDurationInTheHistory() {
        // Scenario 1 took 1 s last time and is done; scenario 2 took 9 s: 9 times the time spent is left.
        var tally = ProgressTally(expected: ["a.feature:1": 1, "a.feature:2": 9])
        for envelope in Self.plan(scenarios: 2) { tally.handle(envelope) }
        for envelope in Self.attempt(1, of: "case-1", status: .passed) { tally.handle(envelope) }
        XCTAssertEqual(tally.secondsLeft(elapsed: 2), 18)
    }

    func test_around_erasesTheLineBeforeTheBatchAndDrawsItAfterIt() {
        let (sut, terminal, clock) = makeSUT()
        for envelope in Self.plan(scenarios: 1) { sut.handle(envelope) }
        clock.set(5)
        sut.tick()
        var held = ""
        sut.around(output: { held += $0 }) { held += "Scenario: one\n" }
        sut.batchWritten()
        XCTAssertEqual(held, LiveProgress.erase + "Scenario: one\n" + LiveProgress.erase + "0/1 scenarios · 0:05 elapsed")
        XCTAssertEqual(terminal.text, LiveProgress.erase + "0/1 scenarios · 0:05 elapsed")
    }

    func test_tick_drawsNothingWhileABatchIsBeingWritten() {
        let (sut, terminal, clock) = makeSUT()
        clock.set(5)
        sut.around(output: { _ in }) { sut.tick() }
        XCTAssertEqual(terminal.text, "")
    }

    func test_finish_erasesTheLineAndNoTickDrawsItAgain() {
        let (sut, terminal, clock) = makeSUT()
        clock.set(5)
        sut.tick()
        sut.finish()
        sut.tick()
        XCTAssertEqual(terminal.text, LiveProgress.erase + "0/0 scenarios · 0:05 elapsed" + LiveProgress.erase)
    }

    func test_text_fitsTheTerminalWidthOnANarrowTerminal() {
        let line = ProgressLine.text(ProgressTally(), elapsed: 3725, columns: 20)
        XCTAssertEqual(line, "0/0 scenarios · 1:…")
        XCTAssertEqual(line.count, 19)
        XCTAssertEqual(ProgressLine.clock(3725), "1:02:05")
    }

    // MARK: - When a run has the line

    func test_makeProgress_isOffWhenStdoutIsNotATerminal() {
        XCTAssertNil(makeCommand([], terminal: false).makeProgress())
    }

    func test_makeProgress_isOnForARunOnATerminal() {
        XCTAssertNotNil(makeCommand([], terminal: true).makeProgress())
        XCTAssertNotNil(makeCommand(["--format", "junit:out.xml"], terminal: true).makeProgress())
    }

    func test_makeProgress_isOffWithNoProgress() {
        XCTAssertNil(makeCommand(["--no-progress"], terminal: true).makeProgress())
    }

    func test_makeProgress_isOffWhenTheDotsAreOnTheConsole() {
        XCTAssertNil(makeCommand(["--format", "progress"], terminal: true).makeProgress())
    }

    // MARK: - Helpers

    private func makeSUT() -> (LiveProgress, FakeTerminal, FakeClock) {
        let terminal = FakeTerminal()
        let clock = FakeClock()
        let sut = LiveProgress(now: { clock.now }, columns: { 80 }, write: { terminal.write($0) })
        return (sut, terminal, clock)
    }

    private func makeCommand(_ arguments: [String], terminal: Bool) -> RunCommand {
        let console = SpyConsole()
        console.stdoutIsTerminal = terminal
        guard case .run(let options) = try? CommandLineParser.parse(arguments) else {
            XCTFail("not a run: \(arguments)")
            return RunCommand(options: RunOptions(), libraries: [], console: console)
        }
        return RunCommand(options: options, libraries: [], console: console)
    }

    static func plan(scenarios: Int) -> [Envelope] {
        (1...max(1, scenarios)).prefix(scenarios).flatMap { number in
            [
                Envelope(
                    pickle: Pickle(
                        id: "pickle-\(number)", uri: "a.feature", location: Location(line: number), name: "s\(number)",
                        language: "en", steps: [], tags: [], astNodeIds: [])),
                Envelope(testCase: TestCase(id: "case-\(number)", pickleId: "pickle-\(number)", testSteps: [], testRunStartedId: nil)),
            ]
        }
    }

    static func attempt(_ number: Int, of testCase: String, status: TestStepResultStatus, willBeRetried: Bool = false) -> [Envelope] {
        let time = Timestamp(seconds: 0, nanos: 0)
        let id = "started-\(number)"
        return [
            Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: id, testCaseId: testCase, timestamp: time)),
            Envelope(
                testStepFinished: TestStepFinished(
                    testCaseStartedId: id, testStepId: "step",
                    testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: status), timestamp: time)),
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: id, timestamp: time, willBeRetried: willBeRetried)),
        ]
    }
}

final class FakeTerminal: Sendable {
    private let written = Locked("")
    func write(_ text: String) { written.withLock { $0 += text } }
    var text: String { written.value }
}

final class FakeClock: Sendable {
    private let seconds = Locked(0.0)
    func set(_ value: Double) { seconds.withLock { $0 = value } }
    var now: Double { seconds.value }
}
