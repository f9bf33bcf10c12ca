import SharedState
import XCTest

final class LockedTests: XCTestCase {
    func test_withLock_losesNoUpdateOnManyThreadsAtOnce() {
        let sut = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { sut.withLock { $0 += 1 } }
        }
        XCTAssertEqual(sut.value, 80_000)
    }

    func test_withLock_returnsWhatItsBodyReturnsOnAnyState() {
        let sut = Locked(["a"])
        let count = sut.withLock { state -> Int in
            state.append("b")
            return state.count
        }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(sut.value, ["a", "b"])
    }

    func test_withLock_rethrowsItsBodysErrorAndKeepsTheChangeMadeBeforeIt() {
        struct Refused: Error {}
        let sut = Locked(1)
        XCTAssertThrowsError(
            try sut.withLock { state in
                state = 2
                throw Refused()
            })
        XCTAssertEqual(sut.value, 2)
    }
}

final class LockedValueTests: XCTestCase {
    /// A class holding its state in place, as one made for every scenario does.
    private final class Counter: Sendable {
        let count = LockedValue(0)
    }

    func test_withLock_losesNoUpdateOnManyThreadsAtOnce() {
        let sut = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { sut.count.withLock { $0 += 1 } }
        }
        XCTAssertEqual(sut.count.withLock { $0 }, 80_000)
    }

    func test_withLock_rethrowsItsBodysErrorAndKeepsTheChangeMadeBeforeIt() {
        struct Refused: Error {}
        let sut = Counter()
        XCTAssertThrowsError(
            try sut.count.withLock { state in
                state = 2
                throw Refused()
            })
        XCTAssertEqual(sut.count.withLock { $0 }, 2)
    }
}
