import Messages

/// Recognises what a line is, for the parser. One implementation per source format (plain Gherkin,
/// Markdown with Gherkin); both keep the state the reference keeps (dialect, open DocString).
protocol TokenMatcher: AnyObject {
    init(text: UnsafeBufferPointer<UInt8>)
    /// Back to the default dialect, no DocString open.
    func reset()
    /// True (and the token filled in) when the token is of `type`; may report an error the reference reports
    /// while matching (a tag with whitespace, an unknown language).
    func match(_ type: TokenType, _ token: inout Token) throws(GherkinError) -> Bool
    /// The line without surrounding whitespace (for error messages).
    func strippedText(_ line: Line) -> String
    /// Where step texts are shared, when given.
    var texts: StepTextPool? { get set }
}

/// State and helpers the plain and Markdown matchers share.
class LineMatcher {
    let b: UnsafeBufferPointer<UInt8>
    /// What changes from line to line: the dialect (a `# language:` line), and the DocString open, if any, with its
    /// separator and the indent its lines lose.
    struct State {
        var dialect: CompiledDialect
        var indentToRemove = 0
        var activeDocStringSeparator: [UInt8]?
    }
    #if DEBUG  // exclusivity checked in tests; unchecked in release: read for every line matched (`Parser.match`)
    var state: State
    #else
    @exclusivity(unchecked) var state: State
    #endif
    let defaultDialect: CompiledDialect
    /// Where a step line's text is shared, when given (`stepText`).
    var texts: StepTextPool?

    static let tripleQuote: [UInt8] = Array("\"\"\"".utf8)
    static let tripleBacktick: [UInt8] = Array("```".utf8)
    static let escapedTripleQuote: [UInt8] = Array(#"\"\"\""#.utf8)
    static let escapedTripleBacktick: [UInt8] = Array(#"\`\`\`"#.utf8)

    required init(text: UnsafeBufferPointer<UInt8>) {
        b = text
        defaultDialect = CompiledDialect.named("en")!
        state = State(dialect: defaultDialect)
    }

    func reset() {
        state = State(dialect: defaultDialect)
    }

    func strippedText(_ line: Line) -> String {
        UTF8Text.string(b, line.trimmedStart, UTF8Text.trimEnd(b, line.trimmedStart, line.end))
    }

    /// Records a match in the token, as the reference's `_set_token_matched`.
    @inline(__always)
    func setMatched(
        _ token: inout Token, _ type: TokenType, text: String? = nil, keyword: String? = nil,
        keywordType: StepKeywordType? = nil, indent: Int? = nil, items: [LineSpan] = []
    ) {
        token.matchedType = type
        token.matchedText = text
        token.matchedKeyword = keyword
        token.matchedKeywordType = keywordType
        token.matchedIndent = indent ?? token.line?.indent ?? 0
        token.matchedItems = items
        token.column = token.matchedIndent + 1
        if type == .featureLine { token.matchedDialect = state.dialect.code }  // only a feature line's is ever read
    }

    /// The trimmed line from `offset` bytes after its first non-blank, with surrounding whitespace removed.
    @inline(__always)
    func restTrimmed(_ line: Line, after offset: Int) -> String {
        let rest = restSpan(line, after: offset)
        return UTF8Text.string(b, rest.lowerBound, rest.upperBound)
    }

    /// Where `restTrimmed`'s text is in the line's bytes.
    @inline(__always)
    private func restSpan(_ line: Line, after offset: Int) -> Range<Int> {
        let s = UTF8Text.trimStart(b, line.trimmedStart + offset, line.end)
        return s..<max(s, UTF8Text.trimEnd(b, s, line.end))
    }

    /// `restTrimmed` for a step line: through `texts` when given (a text met before is not made again).
    func stepText(_ line: Line, after offset: Int) -> String {
        guard let texts else { return restTrimmed(line, after: offset) }
        let rest = restSpan(line, after: offset)
        guard !rest.isEmpty else { return "" }
        return texts.shared(utf8: UnsafeBufferPointer(rebasing: b[rest]))
    }

    @inline(__always)
    func startsWith(_ line: Line, _ prefix: [UInt8]) -> Bool {
        UTF8Text.hasPrefix(b, line.trimmedStart, line.end, prefix)
    }

    /// The end of the line without its trailing `\r`s (the reference strips `\r\n` from matched text).
    @inline(__always)
    func endWithoutCR(_ line: Line, from start: Int) -> Int {
        var e = line.end
        while e > start, b[e - 1] == 0x0D { e -= 1 }
        return e
    }

    /// `# language: xx` → `xx`, as the reference's `^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$`.
    func languageName(_ line: Line) -> String? {
        var i = line.trimmedStart
        let end = line.end
        func skipSpace() { i = UTF8Text.trimStart(b, i, end) }
        guard i < end, b[i] == UInt8(ascii: "#") else { return nil }
        i += 1
        skipSpace()
        guard UTF8Text.hasPrefix(b, i, end, Array("language".utf8)) else { return nil }
        i += 8
        skipSpace()
        guard i < end, b[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        skipSpace()
        let nameStart = i
        while i < end {
            let c = b[i]
            let isName = (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
            if !isName { break }
            i += 1
        }
        guard i > nameStart, UTF8Text.trimStart(b, i, end) == end else { return nil }
        return UTF8Text.string(b, nameStart, i)
    }

    func changeDialect(_ name: String, _ token: Token) throws(GherkinError) {
        guard let next = CompiledDialect.named(name) else {
            // The reference's location is the token's, which it then matches as a comment (column 1).
            var error = GherkinError(
                line: token.lineNumber, column: token.column, reason: "Language not supported: \(name)",
                locationColumn: 1)
            error.isLive = true
            throw error
        }
        state.dialect = next
    }

    /// Text of a line inside a DocString or description: the whole line less the DocString's indent.
    func otherText(_ line: Line) -> String {
        let start =
            state.indentToRemove > line.indent
            ? line.trimmedStart
            : UTF8Text.advance(b, line.start, scalars: state.indentToRemove, end: line.end)
        let end = endWithoutCR(line, from: start)
        // Only `"""` and ``` have an escaped form (not Markdown's ````).
        switch state.activeDocStringSeparator {
        case Self.tripleQuote?: return unescape(start, end, Self.escapedTripleQuote, Self.tripleQuote)
        case Self.tripleBacktick?: return unescape(start, end, Self.escapedTripleBacktick, Self.tripleBacktick)
        default: return UTF8Text.string(b, start, end)
        }
    }

    private func unescape(_ start: Int, _ end: Int, _ escaped: [UInt8], _ plain: [UInt8]) -> String {
        var i = start
        var out: [UInt8] = []
        var found = false
        while i < end {
            if b[i] == 0x5C, UTF8Text.hasPrefix(b, i, end, escaped) {
                if !found { out.reserveCapacity(end - start); out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<i])) }
                found = true
                out.append(contentsOf: plain)
                i += escaped.count
                continue
            }
            if found { out.append(b[i]) }
            i += 1
        }
        return found ? String(decoding: out, as: UTF8.self) : UTF8Text.string(b, start, end)
    }
}
