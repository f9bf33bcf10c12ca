import Foundation

/// Makes the ids of messages. Injected everywhere so that output is reproducible in tests.
public protocol IdGenerator: Sendable {
    func newId() -> String
    /// A generator of its own for the ids of one part of a run named by `key` (a feature file, a test case's plan):
    /// the same key gives the same ids in every process of the run, whatever else each made before — so a worker
    /// can parse and plan only the files it runs. Generators that number every id in one sequence
    /// (`--predictable-ids`) return themselves. A part is drawn from by one caller at a time (the parse of its file,
    /// the planning of its test case): it need not be safe to share across threads.
    func derived(_ key: UInt64) -> any IdGenerator
    /// Whether `derived` makes parts of their own; false when it returns this generator, whose one sequence numbers
    /// ids in the order they are drawn (a run that parses and plans in another order then names things otherwise).
    var derivesParts: Bool { get }
}

extension IdGenerator {
    public func derived(_ key: UInt64) -> any IdGenerator { self }

    public var derivesParts: Bool { false }

    /// `derived(_:)` keyed by a text (a feature file's path, a pickle's id).
    public func derived(_ key: String, salt: UInt64) -> any IdGenerator {
        var text = key
        // (The salt kept apart from the text's bytes: as the hash's seed it would mix with them.)
        return derived(text.withUTF8 { ByteHash.hash($0) } ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    }
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
