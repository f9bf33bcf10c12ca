/// Ids to positions in an array of the index (a pickle's slot, a test case's or an attempt's place), in 8 bytes a
/// bucket: the table keeps each id's 32-bit hash and its position, not the id — a bucket whose hash matches is
/// checked against the id found at its position (`idAt`). A dictionary of ids costs 20–24 bytes a bucket, and
/// 50,000 ids fill 131,072 buckets (Swift's tables grow past three quarters full). Open addressing, linear probing,
/// at most 3/4 full; an id is never removed.
struct PositionTable {
    /// 0: empty; otherwise hash << 32 | (position + 1).
    private var buckets: [UInt64]
    private(set) var count = 0
    private let seed = Int.random(in: Int.min...Int.max)

    init() { buckets = Array(repeating: 0, count: 16) }

    var isEmpty: Bool { count == 0 }

    /// Makes room for `capacity` ids without growing.
    mutating func reserveCapacity(_ capacity: Int) {
        var size = buckets.count
        while capacity * 4 > size * 3 { size *= 2 }
        if size > buckets.count { rehash(into: size) }
    }

    /// The position of the id, `idAt` giving the id at a position.
    func position(of id: String, idAt: (Int32) -> String) -> Int32? {
        let hash = hash(id)
        let mask = buckets.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while buckets[index] != 0 {
            let bucket = buckets[index]
            if UInt32(truncatingIfNeeded: bucket >> 32) == hash {
                let position = Self.position(bucket)
                if IdKey.sameBytes(idAt(position), id) { return position }
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds an id not in the table (`position(of:idAt:)` found none) at `position`.
    mutating func insertNew(_ id: String, at position: Int32) {
        if (count + 1) * 4 > buckets.count * 3 { rehash(into: buckets.count * 2) }
        let hash = hash(id)
        let mask = buckets.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while buckets[index] != 0 { index = (index + 1) & mask }
        buckets[index] = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: position) &+ 1)
        count += 1
    }

    private func hash(_ id: String) -> UInt32 { UInt32(truncatingIfNeeded: IdKey.hash(id, seed: seed)) }

    private static func position(_ bucket: UInt64) -> Int32 { Int32(bitPattern: UInt32(truncatingIfNeeded: bucket) &- 1) }

    private mutating func rehash(into size: Int) {
        let old = buckets
        buckets = Array(repeating: 0, count: size)
        let mask = size - 1
        for bucket in old where bucket != 0 {
            var index = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: bucket >> 32)) & mask
            while buckets[index] != 0 { index = (index + 1) & mask }
            buckets[index] = bucket
        }
    }
}
