import Foundation

/// The strings a stream's fields repeat (step texts, uris, keywords, tag names, media types), handed out again
/// when the same bytes come back: a retain of the string made before, instead of a heap string made (allocated,
/// copied, validated) for every line and freed by whichever thread drops it.
///
/// Direct-mapped: each slot holds the last string whose bytes hashed to it, so its memory is bounded and a miss
/// costs one hash and one comparison. Strings of up to 15 bytes, which `String` stores inline without
/// allocating, and long ones (rarely repeated) bypass it.
struct JSONStringCache: ~Copyable {
    private var slots: UnsafeMutablePointer<String>?

    static let slotBits = 12
    static let slotCount = 1 << slotBits
    static let shortest = 16
    static let longest = 256

    init() {}

    deinit {
        if let slots {
            slots.deinitialize(count: Self.slotCount)
            slots.deallocate()
        }
    }

    /// The string of `bytes` (UTF-8, repaired as `String(decoding:as:)` does).
    @inline(__always)
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count >= Self.shortest && bytes.count <= Self.longest, let base = bytes.baseAddress else {
            return ShortASCII.string(bytes)
        }
        return cached(base, bytes.count)
    }

    private mutating func cached(_ base: UnsafePointer<UInt8>, _ count: Int) -> String {
        let slots = self.slots ?? makeSlots()
        let slot = slots + Int(truncatingIfNeeded: ByteHash.hash(UnsafeBufferPointer(start: base, count: count)) &>> UInt64(64 &- Self.slotBits))
        let same = slot.pointee.utf8.withContiguousStorageIfAvailable { known in
            known.count == count && JSONBytes.equal(known.baseAddress!, base, count: count)
        } ?? false
        if same { return slot.pointee }
        let text = String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        slot.pointee = text
        return text
    }

    @inline(never)
    private mutating func makeSlots() -> UnsafeMutablePointer<String> {
        let slots = UnsafeMutablePointer<String>.allocate(capacity: Self.slotCount)
        slots.initialize(repeating: "", count: Self.slotCount)
        self.slots = slots
        return slots
    }
}
