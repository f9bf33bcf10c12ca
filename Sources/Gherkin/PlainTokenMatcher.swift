import Messages

/// The token matcher of plain Gherkin (`.feature`, media type text/x.cucumber.gherkin+plain).
final class PlainTokenMatcher: LineMatcher, TokenMatcher {
    static let pipe = [UInt8(ascii: "|")]
    static let at = [UInt8(ascii: "@")]
    static let hash = [UInt8(ascii: "#")]

    func match(_ type: TokenType, _ token: Token) throws(GherkinError) -> Bool {
        guard let line = token.line else {
            if type == .eof { setMatched(token, .eof); return true }
            return false
        }
        switch type {
        case .eof: return false
        case .empty:
            guard line.isEmpty else { return false }
            setMatched(token, .empty, indent: 0)
            return true
        case .comment:
            guard startsWith(line, Self.hash) else { return false }
            setMatched(token, .comment, text: UTF8Text.string(b, line.start, endWithoutCR(line, from: line.start)), indent: 0)
            return true
        case .tagLine:
            guard startsWith(line, Self.at) else { return false }
            let items: [LineSpan]
            if let split = token.splitTags { items = split } else { items = try tags(line) }
            token.splitTags = items
            setMatched(token, .tagLine, items: items)
            return true
        case .featureLine: return matchTitleLine(token, line, .featureLine, dialect.feature)
        case .ruleLine: return matchTitleLine(token, line, .ruleLine, dialect.rule)
        case .backgroundLine: return matchTitleLine(token, line, .backgroundLine, dialect.background)
        case .scenarioLine: return matchTitleLine(token, line, .scenarioLine, dialect.scenario)
        case .examplesLine: return matchTitleLine(token, line, .examplesLine, dialect.examples)
        case .stepLine:
            for keyword in dialect.steps where startsWith(line, keyword.bytes) {
                setMatched(token, .stepLine, text: restTrimmed(line, after: keyword.bytes.count),
                           keyword: keyword.text, keywordType: keyword.stepType)
                return true
            }
            return false
        case .docStringSeparator:
            if let separator = activeDocStringSeparator {
                guard startsWith(line, separator) else { return false }
                activeDocStringSeparator = nil
                indentToRemove = 0
                setMatched(token, .docStringSeparator, keyword: String(decoding: separator, as: UTF8.self))
                return true
            }
            for separator in [Self.tripleQuote, Self.tripleBacktick] where startsWith(line, separator) {
                let mediaType = restTrimmed(line, after: separator.count)
                activeDocStringSeparator = separator
                indentToRemove = line.indent
                setMatched(token, .docStringSeparator, text: mediaType, keyword: String(decoding: separator, as: UTF8.self))
                return true
            }
            return false
        case .tableRow:
            guard startsWith(line, Self.pipe) else { return false }
            setMatched(token, .tableRow, items: tableCells(line))
            return true
        case .language:
            guard let name = languageName(line) else { return false }
            setMatched(token, .language, text: name)
            try changeDialect(name, token)
            return true
        case .other:
            setMatched(token, .other, text: otherText(line), indent: 0)
            return true
        }
    }

    /// `Keyword: title` for the first of `keywords` the line starts with (followed by a colon).
    @inline(__always)
    private func matchTitleLine(_ token: Token, _ line: Line, _ type: TokenType, _ keywords: [Keyword]) -> Bool {
        for keyword in keywords {
            let n = keyword.bytes.count
            guard startsWith(line, keyword.bytes), line.trimmedStart + n < line.end,
                  b[line.trimmedStart + n] == UInt8(ascii: ":") else { continue }
            setMatched(token, type, text: restTrimmed(line, after: n + 1), keyword: keyword.text)
            return true
        }
        return false
    }
}
