import Foundation

/// Short random ids for runs: 15 characters of `[0-9a-zA-Z]` (89 random bits) drawn from SplitMix64 seeded once,
/// the same sequence for the same seed, no system call per id.
///
/// Why not 36-character UUIDs: Swift keeps a string of up to 15 UTF-8 bytes inline, in the `String` value itself.
/// A run makes several ids per step (pickle steps, test steps, AST nodes) and every message mentions them, so with
/// ids that fit inline no id costs a heap allocation, a reference count or a pointer chase when it is hashed or
/// compared — a third less memory per scenario in the reports' index, and less CPU in every stage. Cucumber
/// Messages ids are opaque strings (`--predictable-ids` makes "0", "1", …); `specrun gherkin` keeps the reference
/// implementations' UUIDs.
public final class RandomIdGenerator: IdGenerator, Sendable {
    private let seed: UInt64
    private let counter = IdCounter()
    private let format = IdFormat()

    public static let length = 15

    public init(seed: UInt64) { self.seed = seed }

    /// Seeded once from the system's random source.
    public convenience init() { self.init(seed: UInt64.random(in: 0...UInt64.max)) }

    /// A generator seeded from this one's seed and `key`: its sequence starts at an unrelated place of SplitMix64's,
    /// so it collides with no other part's ids (short of a 2^-89 chance per pair). For one caller at a time (see
    /// `PartIdGenerator`).
    public func derived(_ key: UInt64) -> any IdGenerator {
        PartIdGenerator(seed: IdFormat.derivedSeed(seed, key))
    }

    public var derivesParts: Bool { true }

    public func newId() -> String {
        format.id(seed: seed, index: counter.take())
    }
}

/// The ids of one part of a run (`RandomIdGenerator.derived`: a feature file's, a test case's plan's): the sequence of
/// a `RandomIdGenerator` of the same seed. A part is drawn from by the one caller that made it (a file's parse, a
/// pickle's planning), so its position moves by a plain read and write (`IdCounter.takeAlone`), not by the atomic add
/// (a full barrier on x86) of a generator shared across threads.
final class PartIdGenerator: IdGenerator, Sendable {
    private let seed: UInt64
    private let next = IdCounter()
    private let format = IdFormat()

    init(seed: UInt64) { self.seed = seed }

    func derived(_ key: UInt64) -> any IdGenerator {
        PartIdGenerator(seed: IdFormat.derivedSeed(seed, key))
    }

    var derivesParts: Bool { true }

    func newId() -> String {
        format.id(seed: seed, index: next.takeAlone())
    }
}

/// The `index`th id of a seed's sequence, as 15 base-62 digits.
struct IdFormat: Sendable {
    private let digits = Base62.shared

    /// The seed of the part `key` of the sequence of `seed`.
    static func derivedSeed(_ seed: UInt64, _ key: UInt64) -> UInt64 {
        let (high, low) = RandomUUIDGenerator.bits(seed: seed ^ 0x5851_F42D_4C95_7F2D, index: key)
        return high ^ (low &* 0x9E37_79B9_7F4A_7C15)
    }

    @inline(__always)
    func id(seed: UInt64, index: UInt64) -> String {
        let (high, low) = RandomUUIDGenerator.bits(seed: seed, index: index)
        return String(unsafeUninitializedCapacity: RandomIdGenerator.length) { buffer in
            digits.format(high, low, into: buffer.baseAddress!)
            return RandomIdGenerator.length
        }
    }
}
