import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// What the run comes to (`Supervisor+Tally`): the workers' ends, crashes, timeouts and the interruption folded
/// into the stream's one `testRunFinished`.
final class SupervisorTallyTests: XCTestCase {
    func test_finished_succeedsAtTheLatestWorkersTimeOnEveryWorkerPassed() {
        var sut = makeSUT()
        sut.add(run(success: true, at: 5))
        sut.add(run(success: true, at: 7))

        let finished = sut.finished(testRunStartedId: "run", now: { Timestamp(seconds: 99, nanos: 0) })

        XCTAssertTrue(finished.success)
        XCTAssertEqual(finished.timestamp.seconds, 7)
        XCTAssertEqual(finished.testRunStartedId, "run")
    }

    func test_finished_failsOnACrashOrATimeoutEvenWhenEveryWorkerPassed() {
        for cause in [failure(), failure(timedOut: true)] {
            var sut = makeSUT()
            sut.add(run(success: true, at: 5))

            sut.count(cause)

            XCTAssertFalse(sut.finished(testRunStartedId: nil, now: { Timestamp(seconds: 0, nanos: 0) }).success)
        }
    }

    func test_count_tellsCrashesFromTimeoutsAndCountsNeitherOnAnInterruption() {
        var sut = makeSUT()

        sut.count(failure())
        sut.count(failure(timedOut: true))
        sut.count(failure(interrupted: true))

        XCTAssertEqual(sut.crashCount, 1)
        XCTAssertEqual(sut.timeoutCount, 1)
        XCTAssertTrue(sut.allowsRestart(limit: 2))
        XCTAssertFalse(sut.allowsRestart(limit: 1))
    }

    func test_finished_failsAtNowOnNoWorkerEnded() {
        let finished = makeSUT().finished(testRunStartedId: nil, now: { Timestamp(seconds: 42, nanos: 0) })

        XCTAssertFalse(finished.success)
        XCTAssertEqual(finished.timestamp.seconds, 42)
    }

    func test_finished_saysTheFirstSignalOnAnInterruption() {
        var sut = makeSUT()
        sut.add(run(success: true, at: 5))

        sut.interrupt(by: 2, at: 100)
        sut.interrupt(by: 15, at: 200)

        let finished = sut.finished(testRunStartedId: nil, now: { Timestamp(seconds: 0, nanos: 0) })
        XCTAssertEqual(sut.interruptedBy, 2)
        XCTAssertEqual(sut.interruptedAt, 100)
        XCTAssertFalse(finished.success)
        XCTAssertEqual(finished.message, "the run was interrupted (signal 2); the results so far are reported")
        XCTAssertEqual(finished.exception?.type, "Interrupted")
    }

    // MARK: - Helpers

    private func makeSUT() -> Supervisor.Tally { Supervisor.Tally() }

    private func run(success: Bool, at seconds: Int) -> TestRunFinished {
        TestRunFinished(success: success, timestamp: Timestamp(seconds: seconds, nanos: 0))
    }

    private func failure(timedOut: Bool = false, interrupted: Bool = false) -> Supervisor.Failure {
        Supervisor.Failure(exit: .signaled(9), timedOut: timedOut ? (1, nil, nil) : nil, interrupted: interrupted)
    }
}
