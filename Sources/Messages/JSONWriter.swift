/// Appends JSON as UTF-8 bytes, byte-identical to `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`:
/// `"` `\` and control characters escaped (`\b \t \n \f \r`, others `\u00xx`), everything else passed through
/// as UTF-8 (`/`, non-ASCII, U+2028…). The generated `writeJSON(to:)` methods write keys in sorted order.
///
/// The bytes live in a buffer of its own (not an `Array`): a write is a bounds check and a copy, with no
/// uniqueness check or generic append per field — the writer is the inner loop of `specrun gherkin` and of
/// every message a run sends. Non-copyable, so the buffer has one owner and is freed with it.
struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of what was written.
    var bytes: [UInt8] { withBytes { Array($0) } }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity &* 2, count &+ extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    private mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length)
        (base + count).update(from: start, count: length)
        count &+= length
    }

    /// Writes `,` unless this is the first field of the object, then `"key":`.
    /// `quotedKey` is the key already quoted with its colon (`"\"name\":"`), as generated.
    @inline(__always)
    mutating func field(_ quotedKey: StaticString, _ first: inout Bool) {
        if first { first = false } else { append(UInt8(ascii: ",")) }
        raw(quotedKey)
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    @inline(__always)
    mutating func byte(_ ascii: Unicode.Scalar) {
        append(UInt8(ascii: ascii))
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in escaped(utf8) }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        guard let source = utf8.baseAddress, count > 0 else { raw("\"\""); return }
        // Room for the quotes and the text unescaped: most strings need no other growth.
        reserve(count &+ 2)
        append(UInt8(ascii: "\""))
        var start = 0
        var index = 0
        while index < count {
            // Eight bytes at a time while none of them needs escaping, then byte by byte to the one that does.
            while index &+ 8 <= count,
                  !Self.needsEscape(UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)) {
                index &+= 8
            }
            while index < count {
                let byte = source[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
                index &+= 1
            }
            guard index < count else { break }
            if start < index { append(source + start, index &- start) }
            appendEscape(source[index])
            index &+= 1
            start = index
        }
        if start < count { append(source + start, count &- start) }
        append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is below 0x20, `"` or `\` (the classic "has less than" and
    /// "has zero byte" tests: exact for whether there is one, not for where).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & high
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return control | ((quote &- ones) & ~quote & high) | ((backslash &- ones) & ~backslash & high) != 0
    }

    /// Bytes written as they are (a line already encoded).
    mutating func raw(bytes: UnsafeBufferPointer<UInt8>) {
        if let start = bytes.baseAddress, bytes.count > 0 { append(start, bytes.count) }
    }

    private mutating func appendEscape(_ byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"))
        case 0x08: append(UInt8(ascii: "b"))
        case 0x09: append(UInt8(ascii: "t"))
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0C: append(UInt8(ascii: "f"))
        case 0x0D: append(UInt8(ascii: "r"))
        default:
            let hex: StaticString = "0123456789abcdef"
            raw("u00")
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        reserve(21)
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 0
        var probe = magnitude
        repeat { digits &+= 1; probe /= 10 } while probe > 0
        var position = count &+ digits
        count = position
        repeat {
            position &-= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// As `JSONEncoder`: the shortest round-tripping form without a trailing `.0`.
    /// Non-finite values (which `JSONEncoder` refuses) are written as `null`.
    mutating func double(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { utf8 in
            if let start = utf8.baseAddress, utf8.count > 0 { append(start, utf8.count) }
        }
    }
}
