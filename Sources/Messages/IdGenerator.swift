import Foundation

/// Makes the ids of messages. Injected everywhere so that output is reproducible in tests.
public protocol IdGenerator: Sendable {
    func newId() -> String
}

/// "0", "1", "2", … as the reference implementations' `--predictable-ids`.
public final class IncrementingIdGenerator: IdGenerator, @unchecked Sendable {
    private let lock = NSLock()
    private var next: Int

    public init(start: Int = 0) { self.next = start }

    public func newId() -> String {
        lock.lock(); defer { lock.unlock() }
        let id = next
        next += 1
        return String(id)
    }
}

/// Random UUIDs, for real runs: a `RandomUUIDGenerator` seeded once from the system's random source, so no id
/// costs a system call.
public struct UUIDGenerator: IdGenerator {
    private let generator: RandomUUIDGenerator

    public init() { generator = RandomUUIDGenerator(seed: UInt64.random(in: 0...UInt64.max)) }

    public func newId() -> String { generator.newId() }
}
