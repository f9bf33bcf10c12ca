#if os(Linux)
import Synchronization

/// The position of the next id of a generator, taken from by any thread. One atomic add per id: a run makes an id
/// for every AST node, pickle, pickle step, test case and test step, and a lock and an unlock cost three times as much.
package struct IdCounter: ~Copyable, Sendable {
    private let value: Atomic<UInt64>

    package init(start: UInt64 = 0) { value = Atomic(start) }

    /// The next `count` positions, taken at once; the first of them.
    @inline(__always)
    package func take(_ count: UInt64 = 1) -> UInt64 {
        value.wrappingAdd(count, ordering: .relaxed).oldValue
    }

    /// The next position, for a counter that one caller at a time takes from (a part's generator, see
    /// `PartIdGenerator`, a replayed plan's): a plain read and a plain write (relaxed atomics: no atomic add, a full barrier on x86).
    /// Callers on two threads at once could be given the same position, never a torn one.
    @inline(__always)
    package func takeAlone() -> UInt64 {
        let next = value.load(ordering: .relaxed)
        value.store(next &+ 1, ordering: .relaxed)
        return next
    }
}
#else
import SharedState

/// The position of the next id of a generator, taken from by any thread (under a lock: the platforms this package
/// supports besides Linux predate the standard library's atomics).
package struct IdCounter: ~Copyable, Sendable {
    private let next: Locked<UInt64>

    package init(start: UInt64 = 0) { next = Locked(start) }

    /// The next `count` positions, taken at once; the first of them.
    package func take(_ count: UInt64 = 1) -> UInt64 {
        next.withLock { next in
            defer { next &+= count }
            return next
        }
    }

    /// The next position, for a counter that one caller at a time takes from (`take()` here).
    package func takeAlone() -> UInt64 { take() }
}
#endif
