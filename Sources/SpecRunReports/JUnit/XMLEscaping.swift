import SpecRunReportCore

/// XML text escaping, on UTF-8 bytes: no allocation per character.
enum XML {
    /// An attribute value between double quotes.
    static func attribute(_ text: String) -> String {
        var out: [UInt8] = []
        appendAttribute(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A CDATA section; `]]>` inside the text splits the section so it survives.
    static func cdata(_ text: String) -> String {
        var out: [UInt8] = []
        appendCData(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendAttribute(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            out.reserveCapacity(out.count + utf8.count)
            var index = 0
            var runStart = 0
            while index < utf8.count {
                let byte = utf8[index]
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "&"): escape = "&amp;"
                case UInt8(ascii: "<"): escape = "&lt;"
                case UInt8(ascii: ">"): escape = "&gt;"
                case UInt8(ascii: "\""): escape = "&quot;"
                // A parser reads a raw line break or tab in an attribute as a space (XML 1.0, 3.3.3): a multi-line
                // failure message keeps its lines only as references (as xmlbuilder writes them).
                case 0x0A: escape = "&#xA;"
                case 0x0D: escape = "&#xD;"
                case 0x09: escape = "&#x9;"
                default:
                    guard let length = illegalLength(utf8, at: index) else {
                        index += 1
                        continue
                    }
                    appendRun(utf8, runStart, index, to: &out)
                    out.append(contentsOf: replacement)
                    index += length
                    runStart = index
                    continue
                }
                appendRun(utf8, runStart, index, to: &out)
                append(escape, to: &out)
                index += 1
                runStart = index
            }
            appendRun(utf8, runStart, utf8.count, to: &out)
        }
    }

    static func appendCData(_ text: String, to out: inout [UInt8]) {
        append("<![CDATA[", to: &out)
        appendCDataContent(text, to: &out)
        append("]]>", to: &out)
    }

    /// The inside of a CDATA section (without `<![CDATA[` and `]]>`); whether the text is all ASCII.
    @discardableResult
    static func appendCDataContent(_ text: String, to out: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            out.reserveCapacity(out.count + utf8.count + 3)
            var seen: UInt8 = 0
            var index = 0
            var runStart = 0
            while index < utf8.count {
                let byte = utf8[index]
                seen |= byte
                if byte == UInt8(ascii: "]"), index + 2 < utf8.count,
                    utf8[index + 1] == UInt8(ascii: "]"), utf8[index + 2] == UInt8(ascii: ">")
                {
                    appendRun(utf8, runStart, index, to: &out)
                    append("]]]]><![CDATA[>", to: &out)
                    index += 3
                    runStart = index
                    continue
                }
                if let length = illegalLength(utf8, at: index) {
                    appendRun(utf8, runStart, index, to: &out)
                    out.append(contentsOf: replacement)
                    index += length
                    runStart = index
                    continue
                }
                index += 1
            }
            appendRun(utf8, runStart, utf8.count, to: &out)
            return seen < 0x80
        }
    }

    /// The bytes `start..<end` of the text, as they are.
    @inline(__always)
    private static func appendRun(_ utf8: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, to out: inout [UInt8]) {
        if start < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end])) }
    }

    /// U+FFFD, which replaces the characters XML 1.0 forbids.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// XML 1.0 forbids most control characters, even as references, and U+FFFE/U+FFFF: the length in bytes of
    /// such a character at `index`, or nil when the character there is allowed. (Swift strings hold no surrogates.)
    @inline(__always)
    private static func illegalLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = utf8[index]
        if byte < 0x20 { return byte == 0x9 || byte == 0xA || byte == 0xD ? nil : 1 }
        if byte == 0xEF, index + 2 < utf8.count, utf8[index + 1] == 0xBF, utf8[index + 2] >= 0xBE { return 3 }
        return nil
    }

    @inline(__always)
    private static func append(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
