import Messages

/// Where each pickle step is (its pickle's slot in the index and its position there), by pickle step id, in 8 bytes
/// a bucket: the table keeps no ids — a bucket's id is read from the pickle it points at, so a lookup checks the
/// id it finds. (A dictionary of ids cost 24 bytes an entry, a third of the index at 350,000 pickle steps.)
/// Open addressing, linear probing, at most 3/4 full.
struct PickleStepTable {
    /// 0: empty; otherwise (slot + 1) << 32 | position.
    private var buckets: [UInt64]
    private(set) var count = 0
    private let seed = Int.random(in: Int.min...Int.max)

    init() { buckets = Array(repeating: 0, count: 16) }

    /// The place of the pickle step with this id in `pickles`.
    func place(of id: String, in pickles: [Pickle]) -> PickleStepPlace? {
        let mask = buckets.count - 1
        var index = IdKey.hash(id, seed: seed) & mask
        while buckets[index] != 0 {
            let place = Self.place(buckets[index])
            if Self.id(at: place, in: pickles) == id { return place }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Records where the pickle step with this id is (replacing where a step of the same id was).
    mutating func insert(_ id: String, at place: PickleStepPlace, in pickles: [Pickle]) {
        if (count + 1) * 4 > buckets.count * 3 { grow(in: pickles) }
        let mask = buckets.count - 1
        var index = IdKey.hash(id, seed: seed) & mask
        while buckets[index] != 0 {
            if Self.id(at: Self.place(buckets[index]), in: pickles) == id { break }
            index = (index + 1) & mask
        }
        if buckets[index] == 0 { count += 1 }
        buckets[index] = Self.bucket(place)
    }

    private mutating func grow(in pickles: [Pickle]) {
        let old = buckets
        buckets = Array(repeating: 0, count: old.count * 2)
        let mask = buckets.count - 1
        for bucket in old where bucket != 0 {
            // A step no longer there (its pickle was sent again with other steps) is dropped.
            guard let id = Self.id(at: Self.place(bucket), in: pickles) else { count -= 1; continue }
            var index = IdKey.hash(id, seed: seed) & mask
            while buckets[index] != 0 { index = (index + 1) & mask }
            buckets[index] = bucket
        }
    }

    private static func id(at place: PickleStepPlace, in pickles: [Pickle]) -> String? {
        let slot = Int(place.slot), position = Int(place.position)
        guard slot < pickles.count, position < pickles[slot].steps.count else { return nil }
        return pickles[slot].steps[position].id
    }

    private static func bucket(_ place: PickleStepPlace) -> UInt64 {
        (UInt64(UInt32(bitPattern: place.slot)) + 1) << 32 | UInt64(UInt32(bitPattern: place.position))
    }

    private static func place(_ bucket: UInt64) -> PickleStepPlace {
        PickleStepPlace(slot: Int32(bitPattern: UInt32(truncatingIfNeeded: (bucket >> 32) - 1)),
                        position: Int32(bitPattern: UInt32(truncatingIfNeeded: bucket)))
    }
}
