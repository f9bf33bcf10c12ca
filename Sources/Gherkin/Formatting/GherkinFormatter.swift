import Messages

/// Formats plain Gherkin the way the community writes it (`specrun fmt`, and the language server's formatting):
/// Feature at 0, Rule/Background/Scenario at 2 (4 inside a Rule), Examples 2 under their scenario, steps 2 under
/// theirs, tables and doc strings 2 under their step, tables aligned by display width.
///
/// Works on the parser's own tokens: only a document that parses is formatted, each line is rewritten from the
/// token the grammar accepted it as, and what the grammar keeps verbatim (doc string content, cell text with its
/// escapes, comments, keywords as written) is copied from the source. Markdown (`.feature.md`) is not formatted.
public enum GherkinFormatter {
    /// The formatted text of `source`, or the parse errors that leave it unformatted.
    /// A source with a lone `\r` (old Mac line ends, which Gherkin reads as part of a line) is returned as it is.
    public static func format(source: String) -> Result<String, GherkinErrors> {
        var text = source
        let outcome: (Result<GherkinDocument, GherkinErrors>, [Token]) = text.withUTF8 { bytes in
            var parser = Parser<PlainTokenMatcher>(text: bytes, ids: IncrementingIdGenerator())
            parser.tokenLog = []
            let result = parser.parse()
            return (result, parser.tokenLog ?? [])
        }
        if case .failure(let errors) = outcome.0 { return .failure(errors) }
        let bytes = Array(source.utf8)
        if bytes.indices.contains(where: { bytes[$0] == 13 && ($0 + 1 == bytes.count || bytes[$0 + 1] != 10) }) { return .success(source) }
        let firstBreak = bytes.firstIndex(of: 10)
        let lineEnding = firstBreak.map { $0 > 0 && bytes[$0 - 1] == 13 } == true ? "\r\n" : "\n"
        var layout = FormatterLayout(lines: FormatterLayout.rawLines(of: source))
        for token in outcome.1 where !token.isEOF { layout.add(token) }
        return .success(layout.finish(lineEnding: lineEnding))
    }
}
