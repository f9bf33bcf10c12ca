import SpecRunSystem
import XCTest

@testable import SpecRunWorkers

/// The ending signals as Swift lists them and as the C layer catches them before `main` (`signals.c`).
final class InterruptForwarderTests: XCTestCase {
    func test_endingSignals_areTheOnesTheCLayerCatchesBeforeMain() {
        let caught = (0..<16).map { specrun_ending_signal(Int32($0)) }.filter { $0 != 0 }

        XCTAssertEqual(caught, InterruptForwarder.endingSignals)
    }
}
