import Messages

/// Byte-level helpers over UTF-8 text. Whitespace is what the reference (Python `str.isspace`, regex `\s`)
/// treats as whitespace; columns are counted in Unicode scalars.
enum UTF8Text {
    /// Byte length of the whitespace scalar starting at `i` (before `end`), or 0 when it is not whitespace.
    @inline(__always)
    static func whitespace(_ b: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int {
        let c = b[i]
        if c < 0x80 { return (c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) ? 1 : 0 }
        return multiByteWhitespace(b, at: i, end: end)
    }

    static func multiByteWhitespace(_ b: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int {
        let c = b[i]
        if c == 0xC2, i + 1 < end { return (b[i + 1] == 0x85 || b[i + 1] == 0xA0) ? 2 : 0 }
        guard i + 2 < end else { return 0 }
        let c1 = b[i + 1], c2 = b[i + 2]
        switch c {
        case 0xE1: return (c1 == 0x9A && c2 == 0x80) ? 3 : 0
        case 0xE2:
            if c1 == 0x80 { return (c2 <= 0x8A || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF) ? 3 : 0 }
            return (c1 == 0x81 && c2 == 0x9F) ? 3 : 0
        case 0xE3: return (c1 == 0x80 && c2 == 0x80) ? 3 : 0
        default: return 0
        }
    }

    /// Byte length of the whitespace scalar ending just before `i` (after `start`), or 0.
    @inline(__always)
    static func whitespace(_ b: UnsafeBufferPointer<UInt8>, before i: Int, start: Int) -> Int {
        let c = b[i - 1]
        if c < 0x80 { return (c == 0x20 || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F)) ? 1 : 0 }
        if i - 2 >= start, b[i - 2] == 0xC2 { return (c == 0x85 || c == 0xA0) ? 2 : 0 }
        if i - 3 >= start, b[i - 3] >= 0xE0 { return multiByteWhitespace(b, at: i - 3, end: i) }
        return 0
    }

    /// The end of `start..<end` once trailing whitespace is removed.
    @inline(__always)
    static func trimEnd(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start {
            let n = whitespace(b, before: e, start: start)
            if n == 0 { break }
            e -= n
        }
        return e
    }

    /// The start of `start..<end` once leading whitespace is removed.
    @inline(__always)
    static func trimStart(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var s = start
        while s < end {
            let n = whitespace(b, at: s, end: end)
            if n == 0 { break }
            s += n
        }
        return s
    }

    /// The number of Unicode scalars in `start..<end`.
    @inline(__always)
    static func scalarCount(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var n = 0
        var i = start
        while i < end {
            if b[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }

    /// The byte offset after `count` scalars from `start` (stopping at `end`).
    static func advance(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, scalars count: Int, end: Int) -> Int {
        var i = start
        var left = count
        while i < end, left > 0 {
            i += 1
            while i < end, b[i] & 0xC0 == 0x80 { i += 1 }
            left -= 1
        }
        return i
    }

    @inline(__always)
    static func hasPrefix(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ prefix: [UInt8]) -> Bool {
        let n = prefix.count
        guard end - start >= n else { return false }
        return prefix.withUnsafeBufferPointer { p in
            var k = 0
            while k < n {
                if b[start + k] != p[k] { return false }
                k += 1
            }
            return true
        }
    }

    @inline(__always)
    static func string(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
    }
}
