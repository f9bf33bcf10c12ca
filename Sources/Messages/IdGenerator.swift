import Foundation

/// Makes the ids of messages. Injected everywhere so that output is reproducible in tests.
public protocol IdGenerator: Sendable {
    func newId() -> String
}

/// "0", "1", "2", … as the reference implementations' `--predictable-ids`.
public final class IncrementingIdGenerator: IdGenerator, Sendable {
    private let counter: IdCounter

    public init(start: Int = 0) { counter = IdCounter(start: UInt64(bitPattern: Int64(start))) }

    public func newId() -> String {
        String(Int(truncatingIfNeeded: counter.take()))
    }
}

/// Random UUIDs, for real runs: a `RandomUUIDGenerator` seeded once from the system's random source, so no id
/// costs a system call.
public struct UUIDGenerator: IdGenerator {
    private let generator: RandomUUIDGenerator

    public init() { generator = RandomUUIDGenerator(seed: UInt64.random(in: 0...UInt64.max)) }

    public func newId() -> String { generator.newId() }
}
