/// Strings of 1 to 15 ASCII bytes (ids, keywords, numbers, tag names: most of what a message stream's decoder
/// makes) built straight from their bytes. `String(decoding:as:)` checks the bytes, then copies them into its
/// inline form one at a time. Here two or four loads make the two words of the inline form, and their high bits
/// say at once whether every byte is ASCII.
///
/// The inline form is the standard library's, not an API: it is used only if, for a sample of every length,
/// it is bit for bit what `String(decoding:as:)` makes (checked once); otherwise, and for any other text, the
/// standard path is taken.
public enum ShortASCII {
    /// The string of `bytes` (UTF-8, repaired as `String(decoding:as:)` does).
    @inline(__always)
    public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        if count > 0 && count <= 15, let base = bytes.baseAddress, layoutHolds,
           let words = inlineWords(base, count) {
            return unsafeBitCast(words, to: String.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The two words of the inline string of `count` (1...15) ASCII bytes at `base`; nil when one is not ASCII.
    /// Reads only the `count` bytes.
    @inline(__always)
    static func inlineWords(_ base: UnsafePointer<UInt8>, _ count: Int) -> (UInt64, UInt64)? {
        let raw = UnsafeRawPointer(base)
        var low: UInt64
        var high: UInt64 = 0
        if count >= 8 {
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            if count > 8 {
                // The last eight bytes, shifted down past those already in `low`.
                let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                high = last &>> UInt64((16 &- count) &* 8)
            }
        } else if count >= 4 {
            // The first four and the last four (overlapping: the same bytes in the same places).
            let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            low = first | last &<< UInt64((count &- 4) &* 8)
        } else {
            low = UInt64(base[0])
            if count > 1 { low |= UInt64(base[1]) &<< 8 }
            if count > 2 { low |= UInt64(base[2]) &<< 16 }
        }
        guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
        // The top byte: an immortal, inline, ASCII string, and its count.
        high |= UInt64(0xE0 | count) &<< 56
        return (low, high)
    }

    /// Whether the inline form above is this standard library's (64-bit, little-endian, the same flags).
    static let layoutHolds: Bool = {
        guard MemoryLayout<String>.size == 16 else { return false }
        let sample = Array("abcdefghijklmno".utf8)
        return sample.withUnsafeBufferPointer { bytes in
            (1...15).allSatisfy { count in
                let prefix = UnsafeBufferPointer(rebasing: bytes[..<count])
                let standard = String(decoding: prefix, as: UTF8.self)
                guard let words = inlineWords(prefix.baseAddress!, count) else { return false }
                let made = unsafeBitCast(standard, to: (UInt64, UInt64).self)
                return made.0 == words.0 && made.1 == words.1
            }
        }
    }()
}
