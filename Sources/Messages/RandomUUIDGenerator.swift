import Foundation

/// Version-4-shaped UUID strings (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, lowercase) drawn from SplitMix64 seeded
/// once: random-looking for people and tools, the same sequence for the same seed, no system call and one
/// allocation per id (the 36 bytes are formatted straight into the string's storage), or none when written
/// straight into JSON.
public final class RandomUUIDGenerator: IdGenerator, Sendable {
    private let seed: UInt64
    private let counter: IdCounter

    /// `start` picks where in the sequence to begin: generators with the same seed and starts far enough apart
    /// (say `file << 32`) never make the same id, as SplitMix64's outputs for distinct indices are distinct —
    /// so parallel work can each have its own generator rather than share one lock.
    public init(seed: UInt64, start: UInt64 = 0) {
        self.seed = seed
        counter = IdCounter(start: start)
    }

    public func newId() -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            writeId(at: reserve(1), into: UnsafeMutableRawPointer(buffer.baseAddress!))
            return 36
        }
    }

    /// The places of the next `count` ids, taken at once (one lock for them all): their ids are then made by
    /// `writeId(at:into:)` with `start`, `start + 1`, … and never by `newId()`.
    func reserve(_ count: UInt64) -> UInt64 {
        counter.take(count)
    }

    /// The 36 bytes of the id at `index` of the sequence, at `out`.
    func writeId(at index: UInt64, into out: UnsafeMutableRawPointer) {
        let (high, low) = Self.bits(seed: seed, index: index)
        Self.format(high, low, into: out)
    }

    /// The 128 bits of the `index`th id: SplitMix64's `index`th output, and a second mix of it.
    static func bits(seed: UInt64, index n: UInt64) -> (UInt64, UInt64) {
        let high = mix(seed &+ n &* 0x9E37_79B9_7F4A_7C15)
        let low = mix(high ^ n ^ 0xD1B5_4A32_D192_ED03)
        // Version 4 and variant 1 bits, as a random UUID.
        return (
            (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000,
            (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        )
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `high` then `low` as 32 lowercase hex digits at `out`, dashes after the 8th, 12th, 16th and 20th: two digits
    /// per byte from a table.
    static func format(_ high: UInt64, _ low: UInt64, into out: UnsafeMutableRawPointer) {
        let pairs = hexPairs.utf8Start
        /// The bytes of `value` from byte `from` (0 = the most significant) for `count` bytes, at `offset`.
        func put(_ value: UInt64, from: Int, count: Int, at offset: Int) {
            for index in 0..<count {
                let byte = Int(truncatingIfNeeded: value >> UInt64(56 - 8 * (from + index))) & 0xFF
                out.storeBytes(
                    of: UnsafeRawPointer(pairs + 2 * byte).loadUnaligned(as: UInt16.self),
                    toByteOffset: offset + 2 * index, as: UInt16.self)
            }
        }
        put(high, from: 0, count: 4, at: 0)
        out.storeBytes(of: 45, toByteOffset: 8, as: UInt8.self)
        put(high, from: 4, count: 2, at: 9)
        out.storeBytes(of: 45, toByteOffset: 13, as: UInt8.self)
        put(high, from: 6, count: 2, at: 14)
        out.storeBytes(of: 45, toByteOffset: 18, as: UInt8.self)
        put(low, from: 0, count: 2, at: 19)
        out.storeBytes(of: 45, toByteOffset: 23, as: UInt8.self)
        put(low, from: 2, count: 6, at: 24)
    }

    /// "00" to "ff".
    private static var hexPairs: StaticString {
        """
        000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f\
        303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f\
        606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f\
        909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf\
        c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef\
        f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff
        """
    }
}
