import Gherkin

/// Hints for a line that starts with a keyword the parser did not take: one of another language (an English
/// `Given` in a `# language: fr` file), or a block keyword without its colon (`Scenario B`). Each hint is the line
/// as it parses.
extension ParseErrorText {
    /// The language a source declares in its `# language:` header (among the comments and blank lines before
    /// its first other line), else en.
    package static func language(of source: String) -> String {
        for line in source.split(separator: "\n", maxSplits: 100, omittingEmptySubsequences: false).prefix(100) {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { break }
            let comment = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard comment.hasPrefix("language") else { continue }
            let rest = comment.dropFirst("language".count).drop { $0 == " " || $0 == "\t" }
            guard rest.first == ":" else { continue }
            let code = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            if Dialect.named(code) != nil { return code }
        }
        return "en"
    }

    /// `(this file is in '# language: fr': did you mean 'Soit le panier est vide'?)` for `Given le panier est vide`,
    /// `(did you mean 'Scenario: B'?)` for `Scenario B`; nil when the line starts with no such keyword.
    static func keywordLineHint(for line: String, language: String) -> String? {
        guard let dialect = Dialect.named(language) else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if language != "en", let english = Dialect.named("en"), !startsWithKeyword(trimmed, dialect),
            let (keyword, category) = longestKeyword(trimmed, english),
            let native = dialect[keyPath: category].filter({ $0 != "* " })
                .min(by: { Suggestions.distance($0, keyword) < Suggestions.distance($1, keyword) })
        {
            let fixed = native + trimmed.dropFirst(keyword.count)
            return "(this file is in '# language: \(language)': did you mean '\(fixed)'?)"
        }
        let blocks = blockKeywords(dialect).filter { trimmed.hasPrefix($0) }.max { $0.count < $1.count }
        if let keyword = blocks {
            let rest = trimmed.dropFirst(keyword.count)
            guard rest.isEmpty || rest.first == " " else { return nil }
            return "(did you mean '\(keyword):\(rest)'? the keyword ends with a colon)"
        }
        return nil
    }

    private typealias Category = any KeyPath<Dialect, [String]> & Sendable

    private static let stepCategories: [Category] = [\.given, \.when, \.then, \.and, \.but]
    private static let blockCategories: [Category] = [
        \.feature, \.rule, \.background, \.scenarioOutline, \.scenario, \.examples,
    ]

    private static func blockKeywords(_ dialect: Dialect) -> [String] {
        blockCategories.flatMap { dialect[keyPath: $0] }
    }

    private static func startsWithKeyword(_ line: String, _ dialect: Dialect) -> Bool {
        stepCategories.contains { dialect[keyPath: $0].contains { $0 != "* " && line.hasPrefix($0) } }
            || blockKeywords(dialect).contains { line.hasPrefix($0 + ":") }
    }

    /// The longest keyword of the dialect the line starts with (a block keyword with its colon), and its kind.
    private static func longestKeyword(_ line: String, _ dialect: Dialect) -> (String, Category)? {
        var best: (String, Category)?
        for category in stepCategories {
            for keyword in dialect[keyPath: category]
            where keyword != "* " && line.hasPrefix(keyword) && keyword.count > (best?.0.count ?? 0) {
                best = (keyword, category)
            }
        }
        for category in blockCategories {
            for keyword in dialect[keyPath: category] where line.hasPrefix(keyword + ":") && keyword.count > (best?.0.count ?? 0) {
                best = (keyword, category)
            }
        }
        return best
    }
}
