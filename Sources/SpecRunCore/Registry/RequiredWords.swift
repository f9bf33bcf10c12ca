import Foundation

/// The words a Cucumber Expression always matches literally — at the top level, outside any parameter, optional
/// or alternation (`I have {int} cuke(s) in my belly/stomach` → `I`, `have`, `in`, `my`). A step text missing
/// one of them cannot match, so the expression's regex need not run: most definitions are ruled out this way.
struct RequiredWords: Sendable {
    /// Longest first: the likeliest to be missing.
    let words: [[UInt8]]

    init(cucumberExpression source: String) {
        var words: [[UInt8]] = []
        var word: [UInt8] = []
        var plain = true
        var depth = 0
        var escaped = false
        for byte in source.utf8 {
            if escaped {
                escaped = false
                plain = false
                word.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if plain, depth == 0, !word.isEmpty { words.append(word) }
                word = []
                plain = depth == 0
                continue
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            case UInt8(ascii: "/"): break
            default:
                if depth == 0 { word.append(byte); continue }
            }
            plain = false
        }
        if plain, depth == 0, !escaped, !word.isEmpty { words.append(word) }
        self.words = Array(words.sorted { $0.count > $1.count }.prefix(3))
    }

    init() { words = [] }

    /// False when the text lacks a required word (so the expression cannot match it).
    func mayMatch(_ text: String) -> Bool {
        guard !words.isEmpty else { return true }
        var text = text
        return text.withUTF8 { mayMatch(utf8: $0) }
    }

    func mayMatch(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        for word in words where !Self.contains(text, word) { return false }
        return true
    }

    /// `memchr` to each possible start, then `memcmp`: a byte-by-byte loop here took 43% of a run on a 1 MB undefined
    /// step, once per word of each definition tried (seconds per megabyte in a debug build). The cost is at most
    /// the text's length times the word's (the definitions' words, not the document, bound the factor).
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let count = needle.count
        guard count > 0 else { return true }
        guard let base = haystack.baseAddress, haystack.count >= count else { return false }
        return needle.withUnsafeBufferPointer { word in
            let first = Int32(word[0])
            var start = 0
            let last = haystack.count - count
            while start <= last, let hit = memchr(base + start, first, last - start + 1) {
                start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + start, word.baseAddress!, count) == 0 { return true }
                start += 1
            }
            return false
        }
    }
}
