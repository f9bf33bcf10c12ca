import SharedState
import SpecRunSystem
import XCTest

@testable import SpecRunWorkers

/// The ending signals as Swift lists them and as the C layer catches them before `main` (`signals.c`).
final class InterruptForwarderTests: XCTestCase {
    func test_endingSignals_areTheOnesTheCLayerCatchesBeforeMain() {
        let caught = (0..<16).map { specrun_ending_signal(Int32($0)) }.filter { $0 != 0 }

        XCTAssertEqual(caught, InterruptForwarder.endingSignals)
    }

    func test_signalsInPipeBytes_readsOnlyTheEndingSignalsAndCtrlZOnAStepsStrayLineInThePipe() {
        let stray = Array("!E 0 0 0\nZ".utf8) + [UInt8(SIGTERM), 0, 255, UInt8(SIGTSTP), 19, UInt8(SIGHUP)]

        XCTAssertEqual(InterruptForwarder.signals(inPipeBytes: stray), [SIGUSR1, SIGTERM, SIGTSTP, SIGHUP])
    }

    func test_pause_stopsAWorkerAddedWhileTheRunPausesAndContinuesItWithTheOthers() {
        let (sut, spy) = makeSUT()
        sut.add(101)

        let stopped = sut.beginPause()
        sut.add(102)  // a crashed worker's replacement, started as Ctrl-Z came
        sut.endPause(stopped)
        sut.add(103)  // after the pause: left running

        XCTAssertEqual(spy.value.map(\.action), ["stop", "stop", "continue", "continue"])
        XCTAssertEqual(spy.value.filter { $0.action == "stop" }.map(\.pid), [101, 102])
        XCTAssertEqual(Set(spy.value.filter { $0.action == "continue" }.map(\.pid)), [101, 102])
    }

    private func makeSUT() -> (InterruptForwarder, Locked<[(action: String, pid: pid_t)]>) {
        let spy = Locked<[(action: String, pid: pid_t)]>([])
        let sut = InterruptForwarder(
            stopWorker: { pid in spy.withLock { $0.append(("stop", pid)) } },
            continueWorker: { pid in spy.withLock { $0.append(("continue", pid)) } })
        return (sut, spy)
    }
}
