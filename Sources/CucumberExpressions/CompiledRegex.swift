import Foundation

/// An `NSRegularExpression` whose matches are reported with offsets in Unicode scalars.
/// (Sendable as `NSRegularExpression` is: immutable once made, safe to use from several threads at once.)
final class CompiledRegex: Sendable {
    let pattern: String
    private let regex: NSRegularExpression

    init(_ pattern: String) throws {
        self.pattern = pattern
        do {
            regex = try NSRegularExpression(pattern: pattern, options: [])
        } catch {
            throw CucumberExpressionError(
                "The regular expression /\(pattern)/ is not valid: \(error.localizedDescription). "
                    + "Check its parentheses, brackets and escapes.")
        }
    }

    /// How long one match may search. A pattern of many `(.*)` groups (an expression of many `{}`) backtracks in
    /// polynomial time on a text that almost matches: found by fuzzing, 4 s for a 146-byte expression matched
    /// against itself, hours for longer ones. Past the limit the search stops and the text counts as not matching.
    /// Half a second: ICU reports progress only between start positions, so a search can overrun it (a second
    /// fuzzing campaign found one taking the whole second, 2 s under AddressSanitizer, with a 1 s limit).
    static let matchTimeLimit: TimeInterval = 0.5

    /// The captured groups (index 0 is the whole match) of the first match in `text` (nil: none, or the search
    /// ran past `matchTimeLimit`).
    func firstMatch(in text: String) -> [ScalarRange?]? {
        let nsText = text as NSString
        let whole = NSRange(location: 0, length: nsText.length)
        let deadline = Date().addingTimeInterval(Self.matchTimeLimit)
        var found: NSTextCheckingResult?
        // .reportProgress: the block is also called every so often during a long search, and can stop it.
        regex.enumerateMatches(in: text, options: [.reportProgress], range: whole) { result, _, stop in
            if let result {
                found = result
                stop.pointee = true
            } else if Date() > deadline {
                stop.pointee = true
            }
        }
        guard let result = found else { return nil }
        let offsets = ScalarOffsets(text)
        return (0..<result.numberOfRanges).map { index in
            let range = result.range(at: index)
            guard range.location != NSNotFound else { return nil }
            return ScalarRange(
                value: nsText.substring(with: range),
                start: offsets.scalarOffset(utf16: range.location),
                end: offsets.scalarOffset(utf16: range.location + range.length))
        }
    }

    /// The UTF-16 range of the first match searching only within `range` (anchors and
    /// lookarounds see the range as the whole text, like matching a slice).
    func firstMatch(in text: NSString, range: NSRange) -> NSRange? {
        let options: NSRegularExpression.MatchingOptions = []
        return regex.firstMatch(in: text as String, options: options, range: range)?.range
    }
}

/// A matched group's text and its offsets in Unicode scalars.
struct ScalarRange: Equatable {
    let value: String
    let start: Int
    let end: Int
}

/// Converts UTF-16 offsets (NSRange) into Unicode scalar offsets.
struct ScalarOffsets {
    private let utf16ToScalar: [Int]?

    init(_ text: String) {
        let utf16Count = text.utf16.count
        if utf16Count == text.unicodeScalars.count {
            utf16ToScalar = nil  // no surrogate pairs: offsets are identical
            return
        }
        var table = [Int](repeating: 0, count: utf16Count + 1)
        var utf16Offset = 0
        var scalarOffset = 0
        for scalar in text.unicodeScalars {
            let width = UTF16.width(scalar)
            for step in 0..<width {
                table[utf16Offset + step] = scalarOffset
            }
            utf16Offset += width
            scalarOffset += 1
        }
        table[utf16Count] = scalarOffset
        utf16ToScalar = table
    }

    func scalarOffset(utf16 offset: Int) -> Int {
        guard let utf16ToScalar else { return offset }
        return utf16ToScalar[min(max(offset, 0), utf16ToScalar.count - 1)]
    }
}
