import Messages

/// The token matcher of Markdown with Gherkin (`.feature.md`, media type text/x.cucumber.gherkin+markdown),
/// as MARKDOWN_WITH_GHERKIN.md and the reference describe it: `#` headings are keywords, `*`/`+`/`-` bullets
/// are steps, tables indented by 2 to 5 blanks are data, GFM separator rows and any other prose are empty,
/// tags are written in backticks. The first line asked to be a feature line is one. No `# language:`.
/// Matching has the reference's side effects (a matcher may record a token's match or open a DocString
/// even when another kind of line is asked for), so that the parse is the same.
final class MarkdownTokenMatcher: LineMatcher, TokenMatcher {
    private var matchedFeatureLine = false
    private let stepKeywords: [Keyword]
    private static let fourBackticks: [UInt8] = Array("````".utf8)

    required init(text: UnsafeBufferPointer<UInt8>) {
        stepKeywords = CompiledDialect.named("en")!.steps.filter { $0.text != "* " }
        super.init(text: text)
    }

    override func reset() {
        super.reset()
        matchedFeatureLine = false
    }

    func match(_ type: TokenType, _ token: inout Token) throws(GherkinError) -> Bool {
        guard let line = token.line else {
            if type == .eof { setMatched(&token, .eof); return true }
            return false
        }
        switch type {
        case .eof: return false
        case .empty: return matchEmpty(&token, line)
        case .comment: return matchComment(&token, line)
        case .tagLine: return matchTagLine(&token, line)
        case .featureLine: return matchFeatureLine(&token, line)
        case .ruleLine: return matchHeading(&token, line, .ruleLine, state.dialect.rule)
        case .backgroundLine: return matchHeading(&token, line, .backgroundLine, state.dialect.background)
        case .scenarioLine: return matchHeading(&token, line, .scenarioLine, state.dialect.scenario)
        case .examplesLine: return matchHeading(&token, line, .examplesLine, state.dialect.examples)
        case .stepLine: return matchStepLine(&token, line)
        case .docStringSeparator: return matchDocStringSeparator(&token, line)
        case .tableRow: return matchTableRow(&token, line)
        case .language: return false
        case .other:
            setMatched(&token, .other, text: otherText(line), indent: 0)
            return true
        }
    }

    private func matchEmpty(_ token: inout Token, _ line: Line) -> Bool {
        var result = line.isEmpty
        let isSomethingElse =
            matchTagLine(&token, line) || matchFeatureLine(&token, line)
            || matchHeading(&token, line, .scenarioLine, state.dialect.scenario)
            || matchHeading(&token, line, .backgroundLine, state.dialect.background)
            || matchHeading(&token, line, .examplesLine, state.dialect.examples)
            || matchHeading(&token, line, .ruleLine, state.dialect.rule)
            || matchTableRow(&token, line) || matchComment(&token, line)
            || matchDocStringSeparator(&token, line) || matchStepLine(&token, line)
        if !isSomethingElse { result = true }
        guard result else { return false }
        setMatched(&token, .empty, indent: 0)
        return true
    }

    /// A GFM table separator row (`| --- | :-: |`) counts as empty.
    private func matchComment(_ token: inout Token, _ line: Line) -> Bool {
        guard startsWith(line, PlainTokenMatcher.pipe), isTableSeparator(tableCells(line)) else { return false }
        setMatched(&token, .empty, indent: 0)
        return true
    }

    private func matchFeatureLine(_ token: inout Token, _ line: Line) -> Bool {
        if matchedFeatureLine { return false }
        if !matchHeading(&token, line, .featureLine, state.dialect.feature) {
            setMatched(&token, .featureLine, text: UTF8Text.string(b, line.trimmedStart, endWithoutCR(line, from: line.trimmedStart)))
        }
        matchedFeatureLine = true
        return true
    }

    /// Tags are `` `@tag` `` anywhere on the line.
    private func matchTagLine(_ token: inout Token, _ line: Line) -> Bool {
        var tags: [LineSpan] = []
        var p = line.trimmedStart
        let end = line.end
        while p + 2 < end {
            if b[p] == UInt8(ascii: "`"), b[p + 1] == UInt8(ascii: "@"), b[p + 2] != UInt8(ascii: "`") {
                var q = p + 2
                while q < end, b[q] != UInt8(ascii: "`") { q += 1 }
                if q < end {
                    let column = line.indent + UTF8Text.scalarCount(b, line.trimmedStart, p) + 2
                    tags.append(LineSpan(column: column, text: UTF8Text.string(b, p + 1, q)))
                    p = q + 1
                    continue
                }
            }
            p += 1
        }
        guard !tags.isEmpty else { return false }
        setMatched(&token, .tagLine, items: tags)
        return true
    }

    /// Tables must be indented by 2 to 5 blanks to be told from other Markdown tables.
    private func matchTableRow(_ token: inout Token, _ line: Line) -> Bool {
        var i = line.start
        var blanks = 0
        while blanks < 5, i < line.end {
            let n = UTF8Text.whitespace(b, at: i, end: line.end)
            if n == 0 { break }
            i += n
            blanks += 1
        }
        guard blanks >= 2, i < line.end, b[i] == UInt8(ascii: "|") else { return false }
        let cells = tableCells(line)
        if isTableSeparator(cells) { return false }
        setMatched(&token, .tableRow, keyword: "|", items: cells)
        return true
    }

    private func isTableSeparator(_ cells: [LineSpan]) -> Bool {
        cells.contains { cell in
            // `^:?-+:?$` (Python's `$` also matches before a final newline)
            var s = Substring(cell.text)
            if s.hasSuffix("\n") { s = s.dropLast() }
            if s.hasPrefix(":") { s = s.dropFirst() }
            if s.hasSuffix(":") { s = s.dropLast() }
            return !s.isEmpty && s.allSatisfy { $0 == "-" }
        }
    }

    private func matchDocStringSeparator(_ token: inout Token, _ line: Line) -> Bool {
        if let separator = state.activeDocStringSeparator {
            guard startsWith(line, separator) else { return false }
            state.activeDocStringSeparator = nil
            state.indentToRemove = 0
            setMatched(&token, .docStringSeparator, text: "", keyword: String(decoding: separator, as: UTF8.self))
            return true
        }
        for separator in [Self.tripleQuote, Self.fourBackticks, Self.tripleBacktick] where startsWith(line, separator) {
            let mediaType = restTrimmed(line, after: separator.count)
            state.activeDocStringSeparator = separator
            state.indentToRemove = line.indent
            setMatched(&token, .docStringSeparator, text: mediaType, keyword: String(decoding: separator, as: UTF8.self))
            return true
        }
        return false
    }

    /// `# Keyword: title` (1 to 6 `#` then one blank).
    private func matchHeading(_ token: inout Token, _ line: Line, _ type: TokenType, _ keywords: [Keyword]) -> Bool {
        var i = line.trimmedStart
        while i < line.end, b[i] == UInt8(ascii: "#") { i += 1 }
        let hashes = i - line.trimmedStart
        guard hashes >= 1, hashes <= 6, i < line.end else { return false }
        let blank = UTF8Text.whitespace(b, at: i, end: line.end)
        guard blank > 0 else { return false }
        return matchKeyword(&token, line, type, keywords, at: i + blank, prefixScalars: hashes + 1, colon: true)
    }

    /// `* Keyword text` / `- Keyword text` / `+ Keyword text`.
    private func matchStepLine(_ token: inout Token, _ line: Line) -> Bool {
        var i = line.trimmedStart
        guard i < line.end, b[i] == UInt8(ascii: "*") || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return false }
        i += 1
        let afterBullet = UTF8Text.trimStart(b, i, line.end)
        let prefix = 1 + UTF8Text.scalarCount(b, i, afterBullet)
        return matchKeyword(&token, line, .stepLine, stepKeywords, at: afterBullet, prefixScalars: prefix, colon: false)
    }

    private func matchKeyword(
        _ token: inout Token, _ line: Line, _ type: TokenType, _ keywords: [Keyword],
        at start: Int, prefixScalars: Int, colon: Bool
    ) -> Bool {
        for keyword in keywords where UTF8Text.hasPrefix(b, start, line.end, keyword.bytes) {
            var rest = start + keyword.bytes.count
            if colon {
                guard rest < line.end, b[rest] == UInt8(ascii: ":") else { continue }
                rest += 1
            }
            let s = UTF8Text.trimStart(b, rest, line.end)
            let text = UTF8Text.string(b, s, UTF8Text.trimEnd(b, s, line.end))
            setMatched(
                &token, type, text: text, keyword: keyword.text, keywordType: state.dialect.firstStepType[keyword.text],
                indent: line.indent + prefixScalars)
            return true
        }
        return false
    }
}
