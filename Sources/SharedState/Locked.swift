#if os(Linux)
import Synchronization
#else
import Foundation
#endif

/// The one way this package shares mutable state between threads: a value behind a lock, reached only inside
/// `withLock`. A type whose fields several threads touch keeps them in one `State` struct inside a `Locked`, rather
/// than a lock of its own beside them. (A class made for every scenario keeps its state in a `LockedValue`: the
/// same lock, stored in place.)
///
/// On Linux it is the standard library's `Mutex` (so the compiler, not a comment, vouches that it is `Sendable`); on
/// the other platforms this package supports (macOS 13), which predate `Mutex`, an `NSLock` guards the value.
///
/// (`@inlinable`: the modules that use it specialize it for their state; a generic call across the module boundary
/// looked up `Locked<State>`'s and `Mutex<State>`'s metadata at every call.)
#if os(Linux)
public final class Locked<State: ~Copyable>: Sendable {
    @usableFromInline
    let mutex: Mutex<State>

    @inlinable
    public init(_ state: consuming sending State) { mutex = Mutex(state) }

    /// `body` with the state to itself: no other thread reads or writes it until `body` returns.
    @inlinable @inline(__always)
    public func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending State) throws(E) -> sending Result) throws(E) -> sending Result
    {
        try mutex.withLock(body)
    }
}
#else
public final class Locked<State>: @unchecked Sendable {  // @unchecked: `state` is only read or written inside `lock`, in `withLock`
    @usableFromInline
    let lock = NSLock()
    @usableFromInline
    var state: State

    @inlinable
    public init(_ state: State) { self.state = state }

    /// `body` with the state to itself: no other thread reads or writes it until `body` returns.
    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout State) throws(E) -> Result) throws(E) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
#endif

extension Locked where State: Sendable {
    /// A copy of the state as it is now.
    @inlinable
    public var value: State { withLock { $0 } }
}
