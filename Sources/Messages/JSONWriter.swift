import Foundation

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

    /// Forgets what was written, keeping the buffer.
    mutating func removeAll() { count = 0 }

    /// What was written, handed over without a copy (the writer starts again empty).
    mutating func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
        capacity = 64
        base = .allocate(capacity: capacity)
        count = 0
        return data
    }

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
        Self.copy(start, to: base + count, length)
        count &+= length
    }

    /// Most copies are a key or a short string: up to 16 bytes in two (overlapping) loads and stores of a word,
    /// inline, instead of a call to `memmove` for each.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, _ length: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if length >= 8 && length <= 16 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self),
                toByteOffset: length &- 4, as: UInt32.self)
        } else if length < 4 {
            for offset in 0..<length { target[offset] = source[offset] }
        } else {
            target.update(from: source, count: length)
        }
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

    /// Writes a string (quoted, escaped), from its bytes where they are: `var copy = value; copy.withUTF8` would
    /// cost a retain and a release per string, and only a bridged string (not on Linux) needs it.
    mutating func string(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) != nil { return }
        var copy = value
        copy.withUTF8 { escaped($0) }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        guard let source = utf8.baseAddress, count > 0 else { raw("\"\""); return }
        // Room for the quotes and the text unescaped: most strings need no other growth.
        reserve(count &+ 2)
        if Self.isClean(source, count) {
            // Most strings (ids, names, keywords): one copy between the quotes, with no scan for where to cut.
            let start = self.count
            base[start] = UInt8(ascii: "\"")
            Self.copy(source, to: base + (start &+ 1), count)
            base[start &+ 1 &+ count] = UInt8(ascii: "\"")
            self.count = start &+ count &+ 2
            return
        }
        append(UInt8(ascii: "\""))
        var start = 0
        var index = 0
        while index < count {
            // Eight bytes at a time to the first one that needs escaping (its exact position), or byte by byte
            // through the last seven.
            let (position, found) = JSONBytes.firstSpecial(source, from: index, end: count)
            index = position
            while !found && index < count {
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

    /// Whether no byte of the string needs escaping: eight at a time, the last eight overlapping the ones before
    /// (a byte loop for the tail cost as much as the rest of a 36-byte id).
    @inline(__always)
    private static func isClean(_ source: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 8 else {
            for index in 0..<count {
                let byte = source[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
            }
            return true
        }
        var index = 0
        while index &+ 8 < count {
            if JSONBytes.specialMask(JSONBytes.word(source, index)) != 0 { return false }
            index &+= 8
        }
        return JSONBytes.specialMask(JSONBytes.word(source, count &- 8)) == 0
    }

    /// The id at `index` of `ids`, quoted, formatted in place (a UUID needs no escaping).
    mutating func uuid(_ ids: RandomUUIDGenerator, at index: UInt64) {
        reserve(38)
        base[count] = UInt8(ascii: "\"")
        ids.writeId(at: index, into: UnsafeMutableRawPointer(base + (count &+ 1)))
        base[count &+ 37] = UInt8(ascii: "\"")
        count &+= 38
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
        var digits = 1
        var limit: UInt = 10
        while digits < 20 && magnitude >= limit {
            digits &+= 1
            limit = limit &* 10
        }
        // Right to left, two digits per division (timestamps have ten digits, nanoseconds nine).
        let start = count
        count = start &+ digits
        var position = count
        let pairs = Self.digitPairs.utf8Start
        while magnitude >= 10 {
            let pair = Int(magnitude % 100) &* 2
            magnitude /= 100
            position &-= 2
            base[position] = pairs[pair]
            base[position &+ 1] = pairs[pair &+ 1]
        }
        if position > start { base[start] = UInt8(ascii: "0") &+ UInt8(magnitude) }
    }

    /// "00" to "99".
    private static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
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
