import Foundation
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// A worker's watchdog thread runs only when a limit applies: `--timeout`, or the first scoped limit.
final class WorkerOutboxWatchdogTests: XCTestCase {
    func test_startWatchdog_startsNothingOnNoTimeout() throws {
        try withSUT { sut in
            sut.startWatchdog(seconds: 0)

            XCTAssertFalse(sut.isWatching)
        }
    }

    func test_startWatchdog_watchesOnTimeout() throws {
        try withSUT { sut in
            sut.startWatchdog(seconds: 30)

            XCTAssertTrue(sut.isWatching)
        }
    }

    func test_limit_startsTheWatchdogOnAScopedLimitWithoutTimeout() throws {
        try withSUT { sut in
            sut.startWatchdog(seconds: 0)

            XCTAssertTrue(sut.limit(StepLimit(seconds: 30, source: "@timeout:30s")))

            XCTAssertTrue(sut.isWatching)
        }
    }

    func test_limit_startsNothingOnTheRunsLimitAgain() throws {
        try withSUT { sut in
            sut.startWatchdog(seconds: 0)

            _ = sut.limit(nil)

            XCTAssertFalse(sut.isWatching)
        }
    }

    func test_pause_waitsUntilTheDeadlineOnARunningStep() {
        XCTAssertEqual(WorkerOutbox.pause(limit: 100_000_000, elapsed: 95_000_000), 6_000_000)
    }

    func test_pause_looksATenthOfTheLimitOnNoRunningStep() {
        XCTAssertEqual(WorkerOutbox.pause(limit: 500_000_000, elapsed: nil), 50_000_000)
        XCTAssertEqual(WorkerOutbox.pause(limit: 10_000_000, elapsed: nil), 10_000_000)
        XCTAssertEqual(WorkerOutbox.pause(limit: 30_000_000_000, elapsed: nil), 200_000_000)
    }

    func test_discountingStall_movesTheStepsStartByAWakeUpThatCameLaterThanTheStallLimit() {
        let second: UInt64 = 1_000_000_000

        XCTAssertEqual(
            WorkerOutbox.discountingStall(10 * second, due: 11 * second, now: 611 * second), 610 * second,
            "a process stopped 600 s (Ctrl-Z): the step's start moves by as much")
        XCTAssertEqual(WorkerOutbox.discountingStall(10 * second, due: 11 * second, now: 11 * second + 400_000_000), 10 * second)
        XCTAssertEqual(WorkerOutbox.discountingStall(10 * second, due: 11 * second, now: 5 * second), 10 * second, "woken early")
        XCTAssertNil(WorkerOutbox.discountingStall(nil, due: 11 * second, now: 611 * second), "no step runs")
        XCTAssertEqual(
            WorkerOutbox.discountingStall(12 * second, due: 11 * second, now: 612 * second), 612 * second,
            "a step that started after the watchdog was due, then the process stopped: counted from now")
        XCTAssertEqual(
            WorkerOutbox.discountingStall(611 * second, due: 11 * second, now: 611 * second), 611 * second,
            "never moved past now")
    }

    // MARK: Helpers

    /// An outbox writing to a pipe nobody reads past the test (its watchdog thread, if any, ends with it).
    private func withSUT(_ body: (WorkerOutbox) throws -> Void) throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        try body(WorkerOutbox(fd: fds[1]))
    }
}
