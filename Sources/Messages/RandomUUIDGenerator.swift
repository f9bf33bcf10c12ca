import Foundation

/// Version-4-shaped UUID strings (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, lowercase) drawn from SplitMix64 seeded
/// once: random-looking for people and tools, the same sequence for the same seed, no system call and one
/// allocation per id (the 36 bytes are formatted straight into the string's storage).
public final class RandomUUIDGenerator: IdGenerator, @unchecked Sendable {
    // @unchecked: the only mutable state, `counter`, is read and advanced under `lock`.
    private let lock = NSLock()
    private let seed: UInt64
    private var counter: UInt64

    /// `start` picks where in the sequence to begin: generators with the same seed and starts far enough apart
    /// (say `file << 32`) never make the same id, as SplitMix64's outputs for distinct indices are distinct —
    /// so parallel work can each have its own generator rather than share one lock.
    public init(seed: UInt64, start: UInt64 = 0) {
        self.seed = seed
        counter = start
    }

    public func newId() -> String {
        lock.lock()
        let n = counter
        counter &+= 1
        lock.unlock()
        let (high, low) = Self.bits(seed: seed, index: n)
        return Self.format(high, low)
    }

    /// The 128 bits of the `index`th id: SplitMix64's `index`th output, and a second mix of it.
    static func bits(seed: UInt64, index n: UInt64) -> (UInt64, UInt64) {
        let high = mix(seed &+ n &* 0x9E37_79B9_7F4A_7C15)
        let low = mix(high ^ n ^ 0xD1B5_4A32_D192_ED03)
        // Version 4 and variant 1 bits, as a random UUID.
        return ((high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000,
                (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `high` then `low` as 32 lowercase hex digits, dashes after the 8th, 12th, 16th and 20th.
    static func format(_ high: UInt64, _ low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var out = 0
            func put(_ value: UInt64, digits: Int, shift: Int) {
                var index = 0
                while index < digits {
                    let nibble = UInt8(truncatingIfNeeded: value >> UInt64(shift - 4 * index)) & 0xF
                    buffer[out] = nibble < 10 ? nibble &+ 48 : nibble &+ 87
                    out += 1
                    index += 1
                }
            }
            put(high, digits: 8, shift: 60)
            buffer[out] = 45; out += 1
            put(high, digits: 4, shift: 28)
            buffer[out] = 45; out += 1
            put(high, digits: 4, shift: 12)
            buffer[out] = 45; out += 1
            put(low, digits: 4, shift: 60)
            buffer[out] = 45; out += 1
            put(low, digits: 12, shift: 44)
            return out
        }
    }
}
