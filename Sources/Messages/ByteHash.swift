/// A fast hash of a text's UTF-8 bytes for the tables that find repeated texts and ids by their bytes (the JSON
/// reader's string cache, the step-text pool, the run index's id tables): one multiply-xorshift round per eight
/// bytes, the last word overlapping the one before rather than assembled byte by byte, then a full mix, so that
/// both the high bits (direct-mapped slots) and the low bits (open addressing, `Dictionary`) are usable. Swift's
/// `Hasher` (SipHash) of every text cost more than the rest of the work around it. `seed`: a table's own, so crafted
/// texts cannot aim at one bucket of a table seeded per process.
package enum ByteHash {
    @inline(__always)
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var hash = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress, count > 0 else { return mix(hash) }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                hash = round(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 8
            }
            hash = round(hash, raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        } else {
            var tail: UInt64 = 0
            for position in 0..<count { tail |= UInt64(base[position]) << (8 &* UInt64(position)) }
            hash = round(hash, tail)
        }
        return mix(hash)
    }

    @inline(__always)
    private static func round(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let x = (hash ^ word) &* 0x9FB2_1C65_1E98_DF25
        return x ^ (x >> 29)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 32
        x &*= 0xD6E8_FEB8_6659_FD93
        x ^= x >> 32
        x &*= 0xD6E8_FEB8_6659_FD93
        x ^= x >> 32
        return x
    }
}
