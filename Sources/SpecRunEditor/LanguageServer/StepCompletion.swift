import Foundation
import Gherkin
import Messages

/// Completion items for the line being typed. After a step's keyword: the registered expressions as snippets
/// (`{int}` → a placeholder named int) and the steps already written in the suite that start with the step text
/// typed so far, each replacing the step's whole text (a `textEdit` from the end of the keyword to the end of the
/// line's text, what follows the cursor too, so that the client neither filters nor replaces by the last word only,
/// nor leaves the old text's tail behind). Before one: the keywords of the document's language, replacing what is
/// typed of the keyword.
enum StepCompletion {
    /// `before` and `after`: the line's text before and after the cursor. `expressions`: the definitions'
    /// expressions as completion reads them (with the suite's parameter types), kept between requests.
    static func items(
        definitions: [StepDefinition], usedSteps: [String], language: String, before: Substring, after: Substring = "",
        line: Int, markdown: Bool = false, expressions: CompletionExpressions = CompletionExpressions()
    ) -> [[String: Any]] {
        let dialect = Dialect.named(language) ?? Dialect.named("en")
        let (start, keyword) = typed(before, dialect: dialect, markdown: markdown)
        let cursor = before.utf16.count
        var items: [[String: Any]] = []
        guard keyword else {
            let range: [String: Any] = ["start": ["line": line, "character": start], "end": ["line": line, "character": cursor]]
            guard let dialect else { return [] }
            let keywords =
                dialect.feature + dialect.rule + dialect.background + dialect.scenario + dialect.scenarioOutline
                + dialect.examples
            for keyword in Set(keywords).sorted() {
                items.append(["label": keyword + ":", "kind": 14, "textEdit": ["range": range, "newText": keyword + ": "]])
            }
            for keyword in Set(dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).sorted() where keyword != "* " {
                items.append([
                    "label": keyword.trimmingCharacters(in: .whitespaces), "kind": 14,
                    "textEdit": ["range": range, "newText": keyword],
                ])
            }
            return items
        }
        // The steps that start with what is typed (a definition's expression: its text with the parameters' names, or
        // a step it matches, each parameter a value of its type: `3 bags` for `{int} bags are left`), labelled with
        // the text inserted and without filterText: a client may insert its label (Neovim 0.11's omnifunc inserts a
        // snippet item's label when it is as long as its text, else the text's first word), and Neovim 0.7's takes
        // the textEdit's start only from the items without filterText.
        // What follows the cursor on the line is the step's text too, but for trailing blanks.
        let rest = after.unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.count
        let end = cursor + after.unicodeScalars.prefix(rest).reduce(0) { $0 + $1.utf16.count }
        let range: [String: Any] = ["start": ["line": line, "character": start], "end": ["line": line, "character": end]]
        let typedText = String(String(before).utf16.dropFirst(start)) ?? ""
        let typed = typedText.lowercased()
        var offered = Set<String>()
        for definition in definitions {
            let text = expressions.snippet(definition)
            let label = plain(text)
            offered.insert(label)
            guard label.lowercased().hasPrefix(typed) || startedBy(typedText, definition, snippet: text, expressions: expressions)
            else { continue }
            items.append([
                "label": label, "kind": 15, "insertTextFormat": 2, "labelDetails": ["description": definition.pattern.source],
                "textEdit": ["range": range, "newText": text],
                "detail": "\(definition.pattern.source) — \(CheckCollector.location(of: definition))",
            ])
        }
        for step in Set(usedSteps).sorted() where !offered.contains(step) && step.lowercased().hasPrefix(typed) {
            items.append([
                "label": step, "kind": 1, "insertTextFormat": 2,
                "textEdit": ["range": range, "newText": snippetText(step)], "detail": "used in the suite",
            ])
        }
        return items
    }

    /// Whether the text typed can start a step the definition matches: a Cucumber Expression read on its syntax
    /// tree (a parameter takes a value its type matches); a regular expression by its snippet's text before its
    /// first placeholder.
    private static func startedBy(_ typed: String, _ definition: StepDefinition, snippet: String, expressions: CompletionExpressions)
        -> Bool
    {
        guard definition.pattern.type == .regularExpression else { return expressions.canStart(definition.pattern.source, with: typed) }
        let literal = plain(snippet.components(separatedBy: "${").first ?? snippet).lowercased()
        return !literal.isEmpty && snippet.contains("${") && typed.lowercased().hasPrefix(literal)
    }

    /// Where what is typed on the line starts (UTF-16), and whether it is a step's text after its keyword (the
    /// longest keyword of the dialect the line starts with; in Markdown after the list item's `*` or `-`).
    static func typed(_ before: Substring, dialect: Dialect?, markdown: Bool) -> (start: Int, afterKeyword: Bool) {
        var rest = before.drop { $0 == " " || $0 == "\t" }
        if markdown, let bullet = rest.first, bullet == "*" || bullet == "-" || bullet == "+", rest.dropFirst().first == " " {
            rest = rest.dropFirst(2).drop { $0 == " " }
        }
        let offset = { (text: Substring) in before.utf16.count - text.utf16.count }
        guard let dialect else { return (offset(rest), false) }
        let keywords = (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).filter { !markdown || $0 != "* " }
        guard let keyword = keywords.filter({ rest.hasPrefix($0) }).max(by: { $0.count < $1.count }) else {
            return (offset(rest), false)
        }
        return (offset(rest.dropFirst(keyword.count)), true)
    }

    /// Step text as a snippet (`$`, `}` and `\\` are the snippet syntax's).
    static func snippetText(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "$" || character == "}" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A snippet's text as typed: its placeholders' names, no escapes (what the client filters on).
    static func plain(_ snippet: String) -> String {
        var out = ""
        var characters = snippet[...]
        while let character = characters.popFirst() {
            if character == "\\", let next = characters.popFirst() {
                out.append(next)
            } else if character == "$", characters.first == "{" {
                characters = characters.drop { $0 != ":" }.dropFirst()
                while let inner = characters.popFirst(), inner != "}" { out.append(inner) }
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The step texts of a document (for completing with what the suite already says).
    static func stepTexts(_ text: String) -> [String] {
        guard let document = try? GherkinParser.parse(source: text, ids: IncrementingIdGenerator()) else { return [] }
        return document.stepLocations.isEmpty ? [] : steps(of: document)
    }

    private static func steps(of document: GherkinDocument) -> [String] {
        var texts: [String] = []
        func add(_ steps: [Step]) { texts += steps.map(\.text) }
        for child in document.feature?.children ?? [] {
            child.background.map { add($0.steps) }
            child.scenario.map { add($0.steps) }
            for inner in child.rule?.children ?? [] {
                inner.background.map { add($0.steps) }
                inner.scenario.map { add($0.steps) }
            }
        }
        return texts
    }

    /// The language of a document as the parser reads it (en when it does not parse).
    static func language(of text: String) -> String {
        (try? GherkinParser.parse(source: text, ids: IncrementingIdGenerator()))?.feature?.language ?? "en"
    }
}
