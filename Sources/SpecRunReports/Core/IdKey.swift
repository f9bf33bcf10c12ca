/// A message id as a key of the run index's tables. The index looks ids up about ten times per step; Swift's
/// String hashing (SipHash, seeded per hash) was a tenth of the reports' time. This hashes the UTF-8 bytes a
/// word at a time with a multiply-xorshift mix, seeded by the table (Swift's per-process random seed), so
/// equal ids hash alike however the string is stored and crafted ids cannot aim at one bucket.
struct IdKey: Hashable {
    let id: String

    init(_ id: String) { self.id = id }

    static func == (lhs: IdKey, rhs: IdKey) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    func _rawHashValue(seed: Int) -> Int { Self.hash(id, seed: seed) }

    /// The hash of a string's UTF-8 bytes, a word at a time, from `seed`.
    static func hash(_ text: String, seed: Int) -> Int {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ Self.hash(bytes: $0, seed: seed) }) { return hash }
        var string = text
        return string.withUTF8 { Self.hash(bytes: $0, seed: seed) }
    }

    /// The hash of `bytes` from `seed`: one multiply-xorshift round per eight bytes (the last word overlapping
    /// the one before rather than assembled byte by byte), then a full mix.
    @inline(__always)
    private static func hash(bytes: UnsafeBufferPointer<UInt8>, seed: Int) -> Int {
        let count = bytes.count
        var hash = UInt64(truncatingIfNeeded: seed) ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress, count > 0 else { return Int(truncatingIfNeeded: Self.mix(hash)) }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                hash = Self.round(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset &+= 8
            }
            hash = Self.round(hash, raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        } else {
            var tail: UInt64 = 0
            for position in 0..<count { tail |= UInt64(base[position]) << (8 &* UInt64(position)) }
            hash = Self.round(hash, tail)
        }
        return Int(truncatingIfNeeded: Self.mix(hash))
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

/// A table of the run index, keyed by message id.
typealias IdTable<Value> = [IdKey: Value]

extension Dictionary where Key == IdKey {
    @inline(__always)
    subscript(id id: String) -> Value? {
        get { self[IdKey(id)] }
        set { self[IdKey(id)] = newValue }
    }
}

extension Set where Element == IdKey {
    /// The copy of `text` already in the pool, or `text` after adding it (`Set<String>.shared`, hashed as ids are).
    mutating func shared(_ text: String) -> String {
        let key = IdKey(text)
        if let found = firstIndex(of: key) { return self[found].id }
        insert(key)
        return text
    }
}
