import Messages

/// The reference's token dump (the `.tokens` files of the official testdata): one line per token the
/// parser accepted, `(line:column)Type:(keywordType)keyword/text/column:item,…`, then `EOF`.
enum TokenFormatter {
    static func format(source: String, mediaType: SourceMediaType) -> String {
        var source = source
        let tokens: [Token] = source.withUTF8 { text in
            switch mediaType {
            case .gherkinMarkdown:
                var parser = Parser<MarkdownTokenMatcher>(text: text, ids: IncrementingIdGenerator())
                parser.tokenLog = []
                _ = parser.parse()
                return parser.tokenLog ?? []
            case .gherkinPlain:
                var parser = Parser<PlainTokenMatcher>(text: text, ids: IncrementingIdGenerator())
                parser.tokenLog = []
                _ = parser.parse()
                return parser.tokenLog ?? []
            }
        }
        return tokens.map(line).joined(separator: "\n") + "\n"
    }

    private static func line(_ token: Token) -> String {
        if token.isEOF { return "EOF" }
        let keyword = token.matchedKeyword.map { "(\(token.matchedKeywordType?.rawValue ?? ""))\($0)" } ?? ""
        let items = token.matchedItems.map { "\($0.column):\($0.text)" }.joined(separator: ",")
        let column = token.column.map(String.init) ?? ""
        return "(\(token.lineNumber):\(column))\(token.matchedType?.name ?? ""):\(keyword)/\(token.matchedText ?? "")/\(items)"
    }
}
