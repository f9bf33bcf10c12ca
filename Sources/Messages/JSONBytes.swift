/// Eight bytes at a time: where a string (or key) stops being plain. The reader scans strings and keys with it to
/// their closing quote, and the writer checks with it that a string needs no escape.
enum JSONBytes {
    /// The high bit set in each byte of `word` that is a `"`, a `\` or a control character (< 0x20), and maybe in
    /// bytes after the first such byte (the classic "has zero byte" and "has less than" tests borrow upwards), never
    /// before it: the lowest set bit is exact. `word` is read little-endian, its first byte lowest.
    @inline(__always)
    static func specialMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & high
    }

    /// The eight bytes at `pointer + offset`, the first lowest.
    @inline(__always)
    static func word(_ pointer: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The position of the first special byte from `start` (see `specialMask`), or nil when the eight-byte loads
    /// reach `end` first (the bytes left are fewer than eight, or one of them is special: a byte loop finishes).
    @inline(__always)
    static func firstSpecial(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> (position: Int, found: Bool) {
        var position = start
        while position &+ 8 <= end {
            let mask = specialMask(word(base, position))
            if mask != 0 { return (position &+ mask.trailingZeroBitCount &>> 3, true) }
            position &+= 8
        }
        return (position, false)
    }

    /// Whether the `count` bytes at `a` and `b` are equal: eight at a time (the last eight overlapping the ones
    /// before), without a call to `memcmp` for the short keys and texts compared.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        var offset = 0
        while offset &+ 8 <= count {
            if word(a, offset) != word(b, offset) { return false }
            offset &+= 8
        }
        if offset == count { return true }
        if count >= 8 { return word(a, count &- 8) == word(b, count &- 8) }
        while offset < count {
            if a[offset] != b[offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// The hash that the generated decoders switch on (tools/generate_messages.py computes the same): the key's
    /// first and last eight bytes (zero-padded under eight) and its length. Cheap to compute from the words the
    /// scan loaded; equal hashes are confirmed with `JSONReader.keyIs`.
    @inline(__always)
    static func keyHash(first: UInt64, last: UInt64, length: Int) -> UInt64 {
        first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: length)
    }

    /// `keyHash` of a key's bytes, from any buffer (a key with escapes, decoded).
    static func keyHash(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = key.baseAddress, key.count >= 8 else {
            var first: UInt64 = 0
            for (offset, byte) in key.enumerated() { first |= UInt64(byte) << (offset &* 8) }
            return keyHash(first: first, last: 0, length: key.count)
        }
        return keyHash(first: word(base, 0), last: word(base, key.count &- 8), length: key.count)
    }
}
