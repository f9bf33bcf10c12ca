import Foundation
import Messages

/// A message id (or another text the index looks up by its exact bytes) as a key of the run index's tables.
///
/// Two keys are equal when their UTF-8 bytes are, not when their texts are canonically equivalent as `String ==`
/// has it: an id is an opaque token (the Cucumber tools compare ids code unit by code unit; "é" precomposed and
/// "e" + combining acute are two ids), a shared text must keep its own bytes in the reports, and a step's match
/// arguments are offsets into its own bytes. The hash is of the same bytes (`ByteHash`, from a per-process seed,
/// fed to the table's `Hasher`), so equal keys hash alike however the string is stored (`Hashable`'s contract).
package struct IdKey: Hashable {
    let id: String

    init(_ id: String) { self.id = id }

    package static func == (lhs: IdKey, rhs: IdKey) -> Bool { sameBytes(lhs.id, rhs.id) }

    package func hash(into hasher: inout Hasher) { hasher.combine(Self.hash(id, seed: Self.processSeed)) }

    /// The seed of the byte hash fed to `Hasher` (itself seeded per process): one for the process, so that equal
    /// keys hash alike in every table.
    private static let processSeed = Int.random(in: Int.min...Int.max)

    /// The hash of a string's UTF-8 bytes, a word at a time, from `seed`.
    static func hash(_ text: String, seed: Int) -> Int {
        let seed = UInt64(truncatingIfNeeded: seed)
        if let hash = text.utf8.withContiguousStorageIfAvailable({ ByteHash.hash($0, seed: seed) }) {
            return Int(truncatingIfNeeded: hash)
        }
        var string = text
        return Int(truncatingIfNeeded: string.withUTF8 { ByteHash.hash($0, seed: seed) })
    }

    /// Whether two strings have the same UTF-8 bytes (the equality that goes with `hash`).
    static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count
                    && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
        if let fast, let same = fast { return same }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }
}

/// A table of the run index, keyed by message id.
package typealias IdTable<Value> = [IdKey: Value]

extension Dictionary where Key == IdKey {
    @inline(__always)
    package subscript(id id: String) -> Value? {
        get { self[IdKey(id)] }
        set { self[IdKey(id)] = newValue }
    }
}

extension Set where Element == IdKey {
    /// The copy of `text` already in the pool (the same bytes), or `text` after adding it.
    mutating func shared(_ text: String) -> String {
        let key = IdKey(text)
        if let found = firstIndex(of: key) { return self[found].id }
        insert(key)
        return text
    }
}
