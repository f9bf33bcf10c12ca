import Foundation

/// Finds whole-word matches of one regexp of a parameter type (the official `ParameterTypeMatcher`). The
/// built-in snippet regexps are scanned by hand in `SnippetText`; any other regexp runs through
/// NSRegularExpression.
struct ParameterTypeMatcher: Sendable {
    let parameterType: ParameterType
    private let scanner: Scanner

    private enum Scanner: Sendable {
        case signedInteger, unsignedInteger, float, quoted
        case regex(CompiledRegex)
    }

    /// `scanByHand: false` runs even the built-in regexps through NSRegularExpression (the tests' oracle).
    init(parameterType: ParameterType, regexp: String, scanByHand: Bool = true) throws {
        self.parameterType = parameterType
        switch scanByHand ? regexp : "" {
        case ParameterType.integerRegexps[0]: scanner = .signedInteger
        case ParameterType.integerRegexps[1]: scanner = .unsignedInteger
        case ParameterType.floatRegexp: scanner = .float
        case ParameterType.stringRegexp: scanner = .quoted
        default: scanner = .regex(try CompiledRegex("(\(regexp))"))
        }
    }

    var usesRegex: Bool {
        if case .regex = scanner { return true }
        return false
    }

    /// The first non-empty whole-word match starting at `position` or later (indices in Unicode scalars). A match
    /// that is not a whole word is retried one character after its start, as the official generator does.
    func advance(in text: inout SnippetText, regexText: RegexText?, to position: Int) -> ParameterTypeMatch? {
        var from = position
        while from < text.count {
            guard let range = firstMatch(in: &text, regexText: regexText, from: from) else { return nil }
            if !range.isEmpty, text.isBoundary(before: range.lowerBound), text.isBoundary(after: range.upperBound) {
                return ParameterTypeMatch(parameterType: parameterType, start: range.lowerBound, length: range.count)
            }
            // Searching again from anywhere up to the match's start would find the same match.
            from = range.lowerBound + 1
        }
        return nil
    }

    private func firstMatch(in text: inout SnippetText, regexText: RegexText?, from: Int) -> Range<Int>? {
        switch scanner {
        case .signedInteger: return text.signedInteger(from: from)
        case .unsignedInteger: return text.unsignedInteger(from: from)
        case .float: return text.float(from: from)
        case .quoted: return text.quoted(from: from)
        case .regex(let regex): return regexText?.firstMatch(regex, from: from)
        }
    }
}

/// The text as NSString for the regexps of custom parameter types, with scalar ⇄ UTF-16 offsets.
struct RegexText {
    private let text: NSString
    private let utf16Offsets: [Int]?
    private let scalarOffsets: ScalarOffsets

    init(_ text: String) {
        self.text = text as NSString
        scalarOffsets = ScalarOffsets(text)
        if text.utf16.count == text.unicodeScalars.count {
            utf16Offsets = nil
        } else {
            var offsets: [Int] = [0]
            var offset = 0
            for scalar in text.unicodeScalars {
                offset += UTF16.width(scalar)
                offsets.append(offset)
            }
            utf16Offsets = offsets
        }
    }

    func firstMatch(_ regex: CompiledRegex, from: Int) -> Range<Int>? {
        let start = utf16Offsets?[from] ?? from
        guard let range = regex.firstMatch(in: text, range: NSRange(location: start, length: text.length - start)) else {
            return nil
        }
        return scalarOffsets.scalarOffset(utf16: range.location)..<scalarOffsets.scalarOffset(utf16: range.location + range.length)
    }
}

struct ParameterTypeMatch {
    let parameterType: ParameterType
    let start: Int
    let length: Int

    /// Earlier first, then longer first.
    static func isBetter(_ lhs: ParameterTypeMatch, _ rhs: ParameterTypeMatch) -> Bool {
        lhs.start != rhs.start ? lhs.start < rhs.start : lhs.length > rhs.length
    }
}
