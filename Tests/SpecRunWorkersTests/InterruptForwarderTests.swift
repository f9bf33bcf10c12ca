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
}
