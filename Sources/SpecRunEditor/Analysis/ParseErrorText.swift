import Gherkin
import Messages
import SpecRunReportCore
import SpecRunReports

/// Rewrites the reference's parse-error wording (`expected: #EOF, #StepLine, …, got 'Giving x'`) for people:
/// `expected a step, a table row or a docstring, got 'Giving x' (did you mean 'Given'?)`.
/// The NDJSON keeps the reference's exact words; the console and the reports written for people (JUnit, the GitHub
/// annotations, a console format in a file) get this text.
package enum ParseErrorText {
    /// The line goes to a terminal: control characters of the feature text in it are made visible.
    package static func humanize(_ message: String, language: String = "en") -> String {
        ConsoleEscaping.escape(readable(message, language: language), keepColors: false)
    }

    /// What the console says of a parse error after its `file:line:column: `: the parser's message without its
    /// location, made readable, its hint in the language `source` (the file's text; nil: English) declares. Not
    /// escaped: the console and each report escape it as they write it.
    package static func words(of error: ParseError, source: String?) -> String {
        readable(error.messageWithoutLocation, language: source.map { language(of: $0) } ?? "en")
    }

    private static func readable(_ message: String, language: String) -> String {
        guard message.hasPrefix("expected: "), let gotRange = message.range(of: ", got '", options: .backwards) else {
            return message
        }
        let tokens = message[message.index(message.startIndex, offsetBy: "expected: ".count)..<gotRange.lowerBound]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let words = tokens.compactMap { names[$0] }
        let got = String(message[gotRange.upperBound...].dropLast(message.hasSuffix("'") ? 1 : 0))
        let expected = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words.last! : words.first ?? "something else"
        var text = "expected \(expected), got '\(got)'"
        if let hint = taggedBackgroundHint(expected: tokens, got: got, language: language) {
            text += " " + hint
        } else if let hint = keywordLineHint(for: got, language: language) {
            text += " " + hint
        } else if let hint = keywordHint(for: got, language: language) {
            text += " (did you mean '\(hint)'?)"
        }
        return text
    }

    private static let names: [String: String] = [
        "#EOF": "the end of the file", "#StepLine": "a step", "#TableRow": "a table row",
        "#DocStringSeparator": "a docstring", "#TagLine": "tags", "#ScenarioLine": "a Scenario",
        "#RuleLine": "a Rule", "#FeatureLine": "a Feature", "#BackgroundLine": "a Background",
        "#ExamplesLine": "Examples", "#Language": "a '# language:' header", "#Other": "a description",
    ]

    /// The keyword closest to the first word(s) of the unexpected line, when it looks like a misspelt one.
    /// (`steps`: only the step keywords, for a line among a scenario's steps.)
    static func keywordHint(for line: String, language: String, steps: Bool = false) -> String? {
        guard let dialect = Dialect.named(language) else { return nil }
        let stepKeywords = dialect.given + dialect.when + dialect.then + dialect.and + dialect.but
        let keywords =
            (steps
            ? stepKeywords
            : stepKeywords + dialect.feature + dialect.rule + dialect.background + dialect.scenario + dialect.scenarioOutline
                + dialect.examples)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "*" }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.split(separator: " ").first.map(String.init) else { return nil }
        let candidate = first.hasSuffix(":") ? String(first.dropLast()) : first
        guard !keywords.contains(candidate), candidate.count >= 3 else { return nil }
        let best = keywords.map { ($0, Suggestions.distance(candidate.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2, best.1 < candidate.count / 2 + 1 else { return nil }
        return best.0
    }
}
