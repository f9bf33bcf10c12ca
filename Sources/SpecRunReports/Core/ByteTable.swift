import Messages

/// A table keyed by a text's exact UTF-8 bytes (the equality of `IdKey`: canonically equivalent spellings are two
/// keys), for the run index's lookups made once per test step. The key's `ByteHash` picks the bucket itself (open
/// addressing, linear probing, at most 3/4 full; each bucket keeps its key's hash, so a key's bytes are compared
/// only on a matching hash). An `[IdKey: Value]` computes the same byte hash and then runs it through `Hasher`
/// (SipHash) at every lookup: about three times the instructions of a lookup here (callgrind on c10k,
/// docs/PERFORMANCE.md). Seeded per table, as `Dictionary` is per process. Entries are never removed.
struct ByteTable<Value> {
    /// The keys and values, in the order added.
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []
    /// 0: empty; otherwise the index of the entry + 1.
    private var buckets = [Int32](repeating: 0, count: 16)
    /// The hash of each bucket's key (its low 32 bits).
    private var hashes = [UInt32](repeating: 0, count: 16)
    private let seed = Int.random(in: Int.min...Int.max)

    var count: Int { keys.count }

    /// The position in `keys` and `values` of the key with the bytes of `key`.
    func index(of key: String) -> Int? {
        find(key, hash: hash(key)).entry
    }

    subscript(key: String) -> Value? {
        index(of: key).map { values[$0] }
    }

    /// Gives `key` this value (adding it, or replacing the value of the key with its bytes).
    mutating func set(_ value: Value, for key: String) {
        let hash = hash(key)
        let found = find(key, hash: hash)
        if let entry = found.entry { return values[entry] = value }
        add(key, value, hash: hash, bucket: found.bucket)
    }

    /// The key already here with the bytes of `key` (its storage shared), or `key` after adding it with `value`.
    mutating func shared(_ key: String, value: @autoclosure () -> Value) -> String {
        let hash = hash(key)
        let found = find(key, hash: hash)
        if let entry = found.entry { return keys[entry] }
        add(key, value(), hash: hash, bucket: found.bucket)
        return key
    }

    private func hash(_ key: String) -> UInt32 {
        UInt32(truncatingIfNeeded: IdKey.hash(key, seed: seed))
    }

    /// The entry of `key`, or the empty bucket where it would go.
    private func find(_ key: String, hash: UInt32) -> (entry: Int?, bucket: Int) {
        let mask = buckets.count - 1
        var bucket = Int(hash) & mask
        while buckets[bucket] != 0 {
            let entry = Int(buckets[bucket]) - 1
            if hashes[bucket] == hash, IdKey.sameBytes(keys[entry], key) { return (entry, bucket) }
            bucket = (bucket + 1) & mask
        }
        return (nil, bucket)
    }

    private mutating func add(_ key: String, _ value: Value, hash: UInt32, bucket: Int) {
        keys.append(key)
        values.append(value)
        if keys.count * 4 > buckets.count * 3 {
            grow()  // (places every entry again, the new one with them)
        } else {
            buckets[bucket] = Int32(keys.count)
            hashes[bucket] = hash
        }
    }

    private mutating func grow() {
        buckets = [Int32](repeating: 0, count: buckets.count * 2)
        hashes = [UInt32](repeating: 0, count: buckets.count)
        let mask = buckets.count - 1
        for (entry, key) in keys.enumerated() {
            let hash = hash(key)
            var bucket = Int(hash) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(entry + 1)
            hashes[bucket] = hash
        }
    }
}
