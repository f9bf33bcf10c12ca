import Foundation
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// `Ticker.stop` is a barrier: an in-process run stops its 50 ms checkpoint timer and then finishes its reports; a
/// tick still running after `stop` returned once wrote the message stream's tail a second time (two
/// `testRunFinished`, seen under load on a 50 MB feature).
final class TickerTests: XCTestCase {
    func test_stop_waitsForABodyInProgressAndRunsNoneAfterItOnASlowBody() {
        let state = TickState()
        let sut = Ticker(every: 0.001) {
            state.begin()
            usleep(150_000)
            state.end()
        }
        XCTAssertTrue(state.waitForFirstBegin(seconds: 10), "the body ran")

        sut.stop()

        XCTAssertEqual(state.inProgress, 0, "a call in progress ended before stop returned")
        let calls = state.calls
        usleep(100_000)
        XCTAssertEqual(state.calls, calls, "no call after stop")
    }
}

private final class TickState: @unchecked Sendable {
    private let lock = NSCondition()
    private var running = 0
    private var started = 0

    func begin() { lock.lock(); running += 1; started += 1; lock.broadcast(); lock.unlock() }
    func end() { lock.lock(); running -= 1; lock.unlock() }
    var inProgress: Int { lock.lock(); defer { lock.unlock() }; return running }
    var calls: Int { lock.lock(); defer { lock.unlock() }; return started }

    func waitForFirstBegin(seconds: Double) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while started == 0 { if !lock.wait(until: deadline) { return false } }
        return true
    }
}
