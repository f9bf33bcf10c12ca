#if os(Linux)
import Synchronization

/// The position of the next id of a generator, taken from by any thread. One atomic add per id: a run makes an id
/// for every AST node, pickle, pickle step, test case and test step, and a lock and an unlock cost three times as much.
struct IdCounter: ~Copyable, Sendable {
    private let value: Atomic<UInt64>

    init(start: UInt64 = 0) { value = Atomic(start) }

    /// The next `count` positions, taken at once; the first of them.
    @inline(__always)
    func take(_ count: UInt64 = 1) -> UInt64 {
        value.wrappingAdd(count, ordering: .relaxed).oldValue
    }
}
#else
import Foundation

/// The position of the next id of a generator, taken from by any thread (under a lock: the platforms this package
/// supports besides Linux predate the standard library's atomics).
struct IdCounter: ~Copyable, Sendable {
    private final class Storage: @unchecked Sendable {
        // @unchecked: `next` is only read and written under `lock`.
        let lock = NSLock()
        var next: UInt64

        init(_ start: UInt64) { next = start }
    }

    private let storage: Storage

    init(start: UInt64 = 0) { storage = Storage(start) }

    /// The next `count` positions, taken at once; the first of them.
    func take(_ count: UInt64 = 1) -> UInt64 {
        storage.lock.lock()
        let first = storage.next
        storage.next &+= count
        storage.lock.unlock()
        return first
    }
}
#endif
