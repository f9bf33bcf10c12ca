import Messages

/// A message id as a key of the run index's tables. The index looks ids up about ten times per step; Swift's
/// String hashing (SipHash, seeded per hash) was a tenth of the reports' time. This hashes the UTF-8 bytes
/// (`ByteHash`), seeded by the table (Swift's per-process random seed), so equal ids hash alike however the
/// string is stored and crafted ids cannot aim at one bucket.
struct IdKey: Hashable {
    let id: String

    init(_ id: String) { self.id = id }

    static func == (lhs: IdKey, rhs: IdKey) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    func _rawHashValue(seed: Int) -> Int { Self.hash(id, seed: seed) }

    /// The hash of a string's UTF-8 bytes, a word at a time, from `seed`.
    static func hash(_ text: String, seed: Int) -> Int {
        let seed = UInt64(truncatingIfNeeded: seed)
        if let hash = text.utf8.withContiguousStorageIfAvailable({ ByteHash.hash($0, seed: seed) }) {
            return Int(truncatingIfNeeded: hash)
        }
        var string = text
        return Int(truncatingIfNeeded: string.withUTF8 { ByteHash.hash($0, seed: seed) })
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
