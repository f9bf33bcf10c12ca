/// Pieces of JSON text written straight as UTF-8 bytes (strings, numbers, indentation), shared by the
/// `JSONValue` renderer and the writers that stream JSON without building values.
package enum JSONText {
    /// A JSON string. `html` also escapes `<`, `>`, `&` (as `\u003c`…) so the text can sit in a `<script>`.
    /// The runs of bytes that need no escape are copied whole; they are found eight bytes at a time.
    package static func quote(_ text: String, into out: inout [UInt8], html: Bool) {
        out.append(UInt8(ascii: "\""))
        // In place when the text's UTF-8 is at hand (no copy of the string to call `withUTF8` on).
        if text.utf8.withContiguousStorageIfAvailable({ quoteBody($0, into: &out, html: html) }) == nil {
            var text = text
            text.withUTF8 { quoteBody($0, into: &out, html: html) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The text between the quotes of `quote`: its UTF-8 with what needs escaping escaped.
    private static func quoteBody(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], html: Bool) {
        guard let base = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        out.reserveCapacity(out.count + utf8.count + 1)
        var index = 0
        var runStart = 0
        let count = utf8.count
        while index < count {
            if index + 8 <= count, !wordNeedsAttention(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), html: html) {
                index += 8
                continue
            }
            let byte = utf8[index]
            guard needsAttention(byte, html: html) else {
                index += 1
                continue
            }
            if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(byte)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(byte)
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case UInt8(ascii: "<"): appendEscape(0x3C, to: &out)
            case UInt8(ascii: ">"): appendEscape(0x3E, to: &out)
            case UInt8(ascii: "&"): appendEscape(0x26, to: &out)
            case 0xE2 where index + 2 < count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                // U+2028 and U+2029: line terminators in JavaScript.
                appendEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                index += 3
                runStart = index
                continue
            default:
                if byte < 0x20 { appendEscape(UInt32(byte), to: &out) } else { out.append(byte) }
            }
            index += 1
            runStart = index
        }
        if runStart < count { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
    }

    /// Whether `quote` may write one of eight bytes other than as it is (any non-ASCII byte counts: U+2028 and
    /// U+2029 begin with one).
    @inline(__always)
    private static func wordNeedsAttention(_ word: UInt64, html: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        if word & highs != 0 { return true }
        // Each byte is below 0x80 now, so these tests are exact: a byte below 0x20, a byte equal to `byte`.
        if (word &- ones &* 0x20) & ~word & highs != 0 { return true }
        func has(_ byte: UInt8) -> Bool {
            let x = word ^ (ones &* UInt64(byte))
            return (x &- ones) & ~x & highs != 0
        }
        if has(UInt8(ascii: "\"")) || has(UInt8(ascii: "\\")) { return true }
        return html && (has(UInt8(ascii: "<")) || has(UInt8(ascii: ">")) || has(UInt8(ascii: "&")))
    }

    /// Whether `quote` may write the byte other than as it is.
    @inline(__always)
    private static func needsAttention(_ byte: UInt8, html: Bool) -> Bool {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return true }
        return html && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&"))
    }

    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `\u00XX` with lowercase hex digits.
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }

    /// A decimal integer, its digits written straight into the bytes.
    package static func append(_ value: Int64, to out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let end = out.count + digits
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        out.withUnsafeMutableBufferPointer { buffer in
            var left = magnitude
            var position = end
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(left % 10)
                left /= 10
            } while left > 0
        }
    }

    /// A line break and two spaces per level.
    package static func newline(_ out: inout [UInt8], _ depth: Int) {
        out.append(0x0A)
        for _ in 0..<(depth * 2) { out.append(UInt8(ascii: " ")) }
    }
}
