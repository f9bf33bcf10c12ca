#if os(Linux)
import Synchronization
#endif

/// `Locked`'s value and lock stored in place, for a class of which a run makes one a scenario or more: the class's
/// own deinit then destroys them with their type known where it was compiled. A `Locked` is an object of its own,
/// generic where it is compiled (here): its deinit looks up `Mutex<State>`'s metadata in the runtime's cache for
/// every object it frees (a World store and an attachment log a scenario: 25 M instructions of a c10k run's worker,
/// callgrind, 2026-12-04). Share a `LockedValue` by the class that holds it; use `Locked` everywhere else.
#if os(Linux)
public struct LockedValue<State: ~Copyable>: ~Copyable, Sendable {
    @usableFromInline
    let mutex: Mutex<State>

    @inlinable
    public init(_ state: consuming sending State) { mutex = Mutex(state) }

    /// `body` with the state to itself: no other thread reads or writes it until `body` returns.
    @inlinable @inline(__always)
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock(body)
    }
}
#else
public struct LockedValue<State>: ~Copyable, Sendable {
    @usableFromInline
    let locked: Locked<State>

    @inlinable
    public init(_ state: State) { locked = Locked(state) }

    /// `body` with the state to itself: no other thread reads or writes it until `body` returns.
    @inlinable
    public borrowing func withLock<Result, E: Error>(_ body: (inout State) throws(E) -> Result) throws(E) -> Result {
        try locked.withLock(body)
    }
}
#endif
