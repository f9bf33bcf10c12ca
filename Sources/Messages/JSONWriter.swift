/// Appends JSON as UTF-8 bytes, byte-identical to `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`:
/// `"` `\` and control characters escaped (`\b \t \n \f \r`, others `\u00xx`), everything else passed through
/// as UTF-8 (`/`, non-ASCII, U+2028…). The generated `writeJSON(to:)` methods write keys in sorted order.
struct JSONWriter {
    var bytes: [UInt8]

    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Writes `,` unless this is the first field of the object, then `"key":`.
    /// `quotedKey` is the key already quoted with its colon (`"\"name\":"`), as generated.
    @inline(__always)
    mutating func field(_ quotedKey: StaticString, _ first: inout Bool) {
        if first { first = false } else { bytes.append(UInt8(ascii: ",")) }
        raw(quotedKey)
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func byte(_ ascii: Unicode.Scalar) {
        bytes.append(UInt8(ascii: ascii))
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in escaped(utf8) }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        var index = 0
        let count = utf8.count
        guard let base = utf8.baseAddress else { bytes.append(UInt8(ascii: "\"")); return }
        while index < count {
            // Constant bytes and the raw pointer: a debug build pays per byte for each accessor.
            while index < count {
                let byte = base[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
                index += 1
            }
            guard index < count else { break }
            let byte = utf8[index]
            if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
            appendEscape(byte)
            index += 1
            start = index
        }
        if start < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count])) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
        }
    }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = 20
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position..<20]))
        }
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
        bytes.append(contentsOf: text.utf8)
    }
}
