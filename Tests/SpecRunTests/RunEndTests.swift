import Messages
import XCTest

@testable import SpecRun

/// An in-process run's one `testRunFinished`, and the exit code of a signal that came after the run's end.
final class RunEndTests: XCTestCase {
    func test_admit_sendsOneTestRunFinishedAndNothingAfterItOnTwoRoadsToTheRunsEnd() {
        var sut = makeSUT()
        let interrupted = Envelope(testRunFinished: TestRunFinished(success: false, timestamp: Timestamp(seconds: 1, nanos: 0)))
        let passed = Envelope(testRunFinished: TestRunFinished(success: true, timestamp: Timestamp(seconds: 2, nanos: 0)))
        let late = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 3, nanos: 0)))

        XCTAssertTrue(sut.admit(late))
        XCTAssertTrue(sut.admit(interrupted))
        XCTAssertFalse(sut.admit(passed))
        XCTAssertFalse(sut.admit(late))
    }

    func test_exitCode_is128PlusTheSignalWithALineOnASignalThatCameWhileTheReportsWereWritten() {
        let result = RunCommand.exitCode(0, interrupted: nil, lateSignal: SIGTERM)

        XCTAssertEqual(result.code, 143)
        XCTAssertEqual(result.note?.contains("signal 15 came after the run had finished"), true)
    }

    func test_exitCode_keepsTheRunsCodeOnNoSignalOrAnInterruptedRun() {
        XCTAssertEqual(RunCommand.exitCode(1, interrupted: nil, lateSignal: nil).code, 1)
        XCTAssertNil(RunCommand.exitCode(130, interrupted: SIGINT, lateSignal: SIGINT).note)
    }

    private func makeSUT() -> RunCommand.OneRunEnd { RunCommand.OneRunEnd() }
}
