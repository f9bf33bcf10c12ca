import Messages

/// The token matcher of plain Gherkin (`.feature`, media type text/x.cucumber.gherkin+plain).
final class PlainTokenMatcher: LineMatcher, TokenMatcher {
    static let pipe = [UInt8(ascii: "|")]
    static let at = [UInt8(ascii: "@")]
    static let hash = [UInt8(ascii: "#")]
    /// The DocString separators, tried in this order (one array for every line tried, not one each time).
    static let separators = [tripleQuote, tripleBacktick]

    func match(_ type: TokenType, _ token: inout Token) throws(GherkinError) -> Bool {
        guard let line = token.line else {
            if type == .eof { setMatched(&token, .eof); return true }
            return false
        }
        switch type {
        case .eof: return false
        case .empty:
            guard line.isEmpty else { return false }
            setMatched(&token, .empty, indent: 0)
            return true
        case .comment:
            guard startsWith(line, Self.hash) else { return false }
            setMatched(&token, .comment, text: UTF8Text.string(b, line.start, endWithoutCR(line, from: line.start)), indent: 0)
            return true
        case .tagLine:
            guard startsWith(line, Self.at) else { return false }
            let items: [LineSpan]
            if let split = token.splitTags { items = split } else { items = try tags(line) }
            token.splitTags = items
            setMatched(&token, .tagLine, items: items)
            return true
        case .featureLine: return matchTitleLine(&token, line, .featureLine, state.dialect.featureTable)
        case .ruleLine: return matchTitleLine(&token, line, .ruleLine, state.dialect.ruleTable)
        case .backgroundLine: return matchTitleLine(&token, line, .backgroundLine, state.dialect.backgroundTable)
        case .scenarioLine: return matchTitleLine(&token, line, .scenarioLine, state.dialect.scenarioTable)
        case .examplesLine: return matchTitleLine(&token, line, .examplesLine, state.dialect.examplesTable)
        case .stepLine:
            let steps = state.dialect.stepTable
            guard let index = steps.firstMatch(b, line.trimmedStart, line.end, colon: false) else { return false }
            setMatched(
                &token, .stepLine, text: stepText(line, after: steps.length(index)),
                keyword: steps.text(index), keywordType: steps.stepType(index))
            return true
        case .docStringSeparator:
            if let separator = state.activeDocStringSeparator {
                guard startsWith(line, separator) else { return false }
                state.activeDocStringSeparator = nil
                state.indentToRemove = 0
                setMatched(&token, .docStringSeparator, keyword: String(decoding: separator, as: UTF8.self))
                return true
            }
            for separator in Self.separators where startsWith(line, separator) {
                let mediaType = restTrimmed(line, after: separator.count)
                state.activeDocStringSeparator = separator
                state.indentToRemove = line.indent
                setMatched(&token, .docStringSeparator, text: mediaType, keyword: String(decoding: separator, as: UTF8.self))
                return true
            }
            return false
        case .tableRow:
            guard startsWith(line, Self.pipe) else { return false }
            setMatched(&token, .tableRow, items: tableCells(line))
            return true
        case .language:
            guard let name = languageName(line) else { return false }
            setMatched(&token, .language, text: name)
            try changeDialect(name, token)
            return true
        case .other:
            setMatched(&token, .other, text: otherText(line), indent: 0)
            return true
        }
    }

    /// `Keyword: title` for the first of `keywords` the line starts with (followed by a colon).
    @inline(__always)
    private func matchTitleLine(_ token: inout Token, _ line: Line, _ type: TokenType, _ keywords: KeywordTable) -> Bool {
        // Matched already by a lookahead (a scenario or examples line after tags), in the same dialect: the token holds
        // the very match, its strings made once.
        if token.matchedType == type { return true }
        guard let index = keywords.firstMatch(b, line.trimmedStart, line.end, colon: true) else { return false }
        setMatched(&token, type, text: restTrimmed(line, after: keywords.length(index) + 1), keyword: keywords.text(index))
        return true
    }
}
