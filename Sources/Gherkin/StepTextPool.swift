import Foundation
import Messages

/// The step texts of the pickles compiled with it, each distinct text stored once: a runner keeps every selected
/// pickle for the run (50,000 of them, 350,000 steps saying a few hundred different things, in a large suite).
/// Shared as the steps are made, so no pickle is copied to share them afterwards. Texts of up to 15 bytes are
/// stored inline in the string itself and are left alone.
///
/// Texts are the same when their bytes are (not merely canonically equivalent, as `String ==` has it: a step keeps
/// its own bytes), found by a cheap hash of their bytes in a table of its own rather than in a `Set<String>`, whose
/// SipHash of every step's text costs more than the rest of making the pickle step.
public final class StepTextPool {
    #if DEBUG  // exclusivity checked in tests; unchecked in release: looked up for every step text parsed (`index(of:hash:)`)
    private var state = State()
    #else
    @exclusivity(unchecked) private var state = State()
    #endif

    public init() {}

    func shared(_ text: String) -> String { state.shared(text) }

    /// The text of these bytes (UTF-8, as the parser read it), made only when no text of the same bytes was met
    /// before: a step line of a suite says what many others say, and its string is then not made at all.
    func shared(utf8: UnsafeBufferPointer<UInt8>) -> String { state.shared(utf8: utf8) }

    private struct State {
        /// The distinct texts, in the order met.
        private var texts: [String] = []
        /// Their bytes, one after the other (`ends[i - 1]..<ends[i]` are text `i`'s), and hashes.
        private var bytes: [UInt8] = []
        private var ends: [Int] = []
        private var hashes: [UInt64] = []
        /// Open addressing, a power of two long, at most half full: 1 + the index of the text in each slot, 0 for none.
        private var slots = [Int32](repeating: 0, count: 256)

        mutating func shared(_ text: String) -> String {
            guard text.utf8.count > 15 else { return text }
            let found = text.utf8.withContiguousStorageIfAvailable { utf8 -> Int in
                let hash = ByteHash.hash(utf8)
                if let index = index(of: utf8, hash: hash) { return index }
                add(utf8, hash: hash)
                return -1
            }
            switch found {
            case nil: return text  // (not contiguous: never on Linux)
            case .some(-1):
                texts.append(text)
                return text
            case .some(let index): return texts[index]
            }
        }

        mutating func shared(utf8: UnsafeBufferPointer<UInt8>) -> String {
            guard utf8.count > 15 else { return String(decoding: utf8, as: UTF8.self) }
            let hash = ByteHash.hash(utf8)
            if let index = index(of: utf8, hash: hash) { return texts[index] }
            let text = String(decoding: utf8, as: UTF8.self)
            // (Bytes that are not UTF-8 are repaired in the string: filed under the string's own bytes.)
            if text.utf8.elementsEqual(utf8) {
                add(utf8, hash: hash)
                texts.append(text)
            }
            return text
        }

        /// The index of the text of these bytes, if met before.
        private func index(of utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let index = entry - 1
                if hashes[index] == hash {
                    let start = index == 0 ? 0 : ends[index - 1]
                    if ends[index] - start == utf8.count,
                        bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + start, utf8.baseAddress!, utf8.count) == 0 })
                    {
                        return index
                    }
                }
                slot = (slot + 1) & mask
            }
        }

        /// Files the bytes of a new text (the text itself is appended to `texts` by the caller).
        private mutating func add(_ utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) {
            if 2 * (hashes.count + 1) > slots.count { grow() }
            bytes.append(contentsOf: utf8)
            ends.append(bytes.count)
            hashes.append(hash)
            place(hashes.count - 1)
        }

        private mutating func place(_ index: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: 2 * slots.count)
            for index in hashes.indices { place(index) }
        }
    }
}
