import Gherkin

/// The hint for tags above a `Background:` line (a Background takes none): the parser, as the reference's does,
/// expects the tags' scenario or rule and gets the Background.
extension ParseErrorText {
    /// `(a Background takes no tags: move them to the Feature or the scenarios)` when the parser, right after tags
    /// (the end of the file not allowed: tags must tag something), got a Background's line; nil otherwise.
    static func taggedBackgroundHint(expected tokens: [String], got line: String, language: String) -> String? {
        guard tokens.contains("#TagLine"), !tokens.contains("#EOF"), !tokens.contains("#BackgroundLine"),
            let dialect = Dialect.named(language)
        else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard dialect.background.contains(where: { trimmed.hasPrefix($0 + ":") }) else { return nil }
        return "(a Background takes no tags: move them to the Feature or the scenarios)"
    }
}
