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
        var string = text
        return string.withUTF8 { bytes in
            var hash = UInt64(truncatingIfNeeded: seed) ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
            guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: Self.mix(hash)) }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset + 8 <= bytes.count {
                hash = Self.mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            if offset < bytes.count {
                var tail: UInt64 = 0
                for position in offset..<bytes.count { tail |= UInt64(bytes[position]) << (8 * UInt64(position - offset)) }
                hash = Self.mix(hash ^ tail)
            }
            return Int(truncatingIfNeeded: Self.mix(hash))
        }
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
