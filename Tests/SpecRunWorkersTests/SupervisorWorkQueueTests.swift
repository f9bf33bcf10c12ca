import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The supervisor's work queue (`Supervisor+WorkQueue`): the order test cases are handed out in, and `@serial`.
final class SupervisorWorkQueueTests: XCTestCase {
    func test_next_handsOutEveryTestCaseOnceInThePlannedOrderOnNoCosts() {
        var sut = makeSUT(serial: [false, false, false])

        XCTAssertEqual(drain(&sut), [0, 1, 2])
        XCTAssertFalse(sut.hasPending)
        XCTAssertNil(sut.next())
    }

    func test_next_handsOutTheCostliestFirstAndEqualOnesInThePlannedOrderOnCostsKnown() {
        var sut = makeSUT(serial: [false, false, false, false], costs: [1, 5, 1, 3])

        XCTAssertEqual(drain(&sut), [1, 3, 0, 2])
    }

    func test_next_neverHandsOutASerialTestCaseBesideAnotherOneOnOneRunning() {
        var sut = makeSUT(serial: [true, true, false, false])

        XCTAssertEqual(sut.next(), 0)
        XCTAssertEqual(sut.next(), 2, "1 is @serial, as 0 which runs: the next that is not")
        XCTAssertEqual(sut.next(), 3)
        XCTAssertNil(sut.next(), "only @serial ones left while one runs")
        XCTAssertTrue(sut.hasPending)
        sut.finished(0)
        XCTAssertEqual(sut.next(), 1, "0 complete: the next @serial one goes")
    }

    func test_next_handsOutSerialTestCasesBesideEachOtherOnStopping() {
        var sut = makeSUT(serial: [true, true])
        XCTAssertEqual(sut.next(), 0)

        sut.stop()

        XCTAssertTrue(sut.isStopping)
        XCTAssertEqual(sut.next(), 1, "stopping: what is left is only skipped")
    }

    func test_putBack_handsOutTheTestCasesAgainFirstAndFreesTheirSerialSlotOnAWorkerLost() {
        var sut = makeSUT(serial: [false, true, false, false])
        XCTAssertEqual(sut.next(), 0)
        XCTAssertEqual(sut.next(), 1)
        XCTAssertEqual(sut.next(), 2)

        sut.putBack([1, 2])

        XCTAssertEqual(sut.pendingCount, 3)
        XCTAssertEqual(drain(&sut), [1, 2, 3], "1 again (its @serial slot freed), then 2, then what was left")
    }

    func test_drain_leavesNothingToHandOutOnARunThatCannotGoOn() {
        var sut = makeSUT(serial: [false, false])

        sut.drain()

        XCTAssertFalse(sut.hasPending)
        XCTAssertNil(sut.next())
    }

    // MARK: - Helpers

    private func makeSUT(serial: [Bool], costs: [Double]? = nil) -> Supervisor.WorkQueue {
        Supervisor.WorkQueue(serial: serial, costs: costs)
    }

    private func drain(_ sut: inout Supervisor.WorkQueue) -> [Int] {
        var order: [Int] = []
        while let index = sut.next() {
            order.append(index)
            sut.finished(index)
        }
        return order
    }
}
