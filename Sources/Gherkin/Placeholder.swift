import Foundation

/// A `<name>` of an outline, ready to be replaced in texts. The reference builds a regular expression from
/// the name, so a name with regex syntax (`<total (€)>`) is matched as that expression, as there; plain
/// names (nearly all) are replaced byte for byte, without Unicode equivalence.
struct Placeholder {
    let pattern: String
    let bytes: [UInt8]
    let isRegex: Bool

    init(name: String) {
        pattern = "<" + name + ">"
        bytes = Array(pattern.utf8)
        isRegex = name.utf8.contains(where: Self.isRegexSyntax)
    }

    func replace(with value: String, in text: String) -> String {
        isRegex ? Self.replaceAsRegex(pattern, with: value, in: text) : Self.replace(bytes, with: value, in: text)
    }

    static func isRegexSyntax(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "\\"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "|"),
            UInt8(ascii: "("), UInt8(ascii: ")"):
            true
        default: false
        }
    }

    private static func replaceAsRegex(_ pattern: String, with value: String, in text: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else {
            return replace(Array(pattern.utf8), with: value, in: text)  // the reference gives up on such names; we read them literally
        }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.stringByReplacingMatches(
            in: text, range: range,
            withTemplate: NSRegularExpression.escapedTemplate(for: value))
    }

    /// Every occurrence of `pattern` in `text` replaced by `value`, left to right, byte for byte.
    static func replace(_ pattern: [UInt8], with value: String, in text: String) -> String {
        var contiguous = text
        return contiguous.withUTF8 { t in
            pattern.withUnsafeBufferPointer { p in
                let n = p.count
                guard n > 0, t.count >= n, let base = t.baseAddress, let needle = p.baseAddress else { return text }
                var out: [UInt8] = []
                var last = 0
                var i = 0
                let limit = t.count - n
                while i <= limit {
                    // Jump to the next possible start (`<`), then compare the whole pattern.
                    guard let hit = memchr(base + i, Int32(needle[0]), limit - i + 1) else { break }
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + i, needle, n) == 0 {
                        if out.isEmpty { out.reserveCapacity(t.count + value.utf8.count) }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: t[last..<i]))
                        out.append(contentsOf: value.utf8)
                        i += n
                        last = i
                    } else {
                        i += 1
                    }
                }
                guard last > 0 else { return text }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: t[last...]))
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// Whether `text` has a `<` at all (most step texts do not).
    static func mayContainPlaceholder(_ text: String) -> Bool {
        var contiguous = text
        return contiguous.withUTF8 { t in
            guard let base = t.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "<")), t.count) != nil
        }
    }
}
