import Foundation
import Messages
import SharedState

/// Where each pickle step is (its pickle's slot in the index and its position there), by pickle step id, in 12
/// bytes a bucket: the table keeps each id's hash, not the id — a bucket whose hash matches is checked against
/// the pickle it points at (a dictionary of ids costs 24 bytes an entry). Open addressing, linear probing, at most
/// 3/4 full.
struct PickleStepTable {
    /// 0: empty; otherwise (slot + 1) << 32 | position.
    private var places: [UInt64]
    /// The hash of each bucket's id (its low 32 bits).
    private var hashes: [UInt32]
    private(set) var count = 0
    private let seed = Int.random(in: Int.min...Int.max)

    init() {
        places = Array(repeating: 0, count: 16)
        hashes = Array(repeating: 0, count: 16)
    }

    /// The place of the pickle step with this id in `pickles`.
    func place(of id: String, in pickles: [Pickle]) -> PickleStepPlace? {
        let hash = UInt32(truncatingIfNeeded: IdKey.hash(id, seed: seed))
        let mask = places.count - 1
        var index = Int(hash) & mask
        while places[index] != 0 {
            if hashes[index] == hash {
                let place = Self.place(places[index])
                if let found = Self.id(at: place, in: pickles), IdKey.sameBytes(found, id) { return place }
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Records where the pickle step with this id is (replacing where a step of the same id was).
    mutating func insert(_ id: String, at place: PickleStepPlace, in pickles: [Pickle]) {
        if (count + 1) * 4 > places.count * 3 { grow() }
        let hash = UInt32(truncatingIfNeeded: IdKey.hash(id, seed: seed))
        let mask = places.count - 1
        var index = Int(hash) & mask
        while places[index] != 0 {
            if hashes[index] == hash, let found = Self.id(at: Self.place(places[index]), in: pickles), IdKey.sameBytes(found, id) { break }
            index = (index + 1) & mask
        }
        if places[index] == 0 { count += 1 }
        places[index] = Self.bucket(place)
        hashes[index] = hash
    }

    private mutating func grow() {
        let (oldPlaces, oldHashes) = (places, hashes)
        places = Array(repeating: 0, count: oldPlaces.count * 2)
        hashes = Array(repeating: 0, count: oldPlaces.count * 2)
        let mask = places.count - 1
        for (bucket, hash) in zip(oldPlaces, oldHashes) where bucket != 0 {
            var index = Int(hash) & mask
            while places[index] != 0 { index = (index + 1) & mask }
            places[index] = bucket
            hashes[index] = hash
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
        PickleStepPlace(
            slot: Int32(bitPattern: UInt32(truncatingIfNeeded: (bucket >> 32) - 1)),
            position: Int32(bitPattern: UInt32(truncatingIfNeeded: bucket)))
    }
}

/// A `PickleStepTable` brought up to date only when asked: the pickles' slots are noted as they come and their
/// steps placed, in that order, at the first question after (a run printed only on the console never asks: 350,000
/// insertions saved at c50k). Locked: reports finishing at the same time may be the first to ask.
final class PendingPickleStepTable: Sendable {
    private let state = Locked(State())

    private struct State {
        var table = PickleStepTable()
        /// The slots of the pickles that came since the table was last brought up to date (a slot again for a
        /// pickle sent again).
        var pending: [Int32] = []
    }

    /// Notes that the pickle in `slot` came (or came again).
    func came(_ slot: Int32) {
        state.withLock { $0.pending.append(slot) }
    }

    /// The table with the steps of every pickle that came placed, `pickles` being the index's pickles by slot.
    func table(placing pickles: [Pickle]) -> PickleStepTable {
        state.withLock { state in
            for slot in state.pending {
                let steps = pickles[Int(slot)].steps
                for position in steps.indices {
                    state.table.insert(
                        steps[position].id, at: PickleStepPlace(slot: slot, position: Int32(clamping: position)),
                        in: pickles)
                }
            }
            state.pending = []
            return state.table
        }
    }
}
