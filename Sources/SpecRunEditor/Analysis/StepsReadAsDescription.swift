import Gherkin
import Messages

/// A scenario whose description holds a line that starts with a word close to a keyword: a misspelt first keyword
/// (`Giving the customer…`) makes every line below it description, and the scenario passes with 0 steps; a
/// misspelt first step (`Gvien the cart is empty`) is left out while the steps below it run. A run, `specrun check`
/// and the language server warn about it at the line (Markdown features are left out: prose under a heading is a
/// description).
package enum StepsReadAsDescription {
    package struct Finding: Equatable {
        var keyword: String
        var name: String
        package var location: Location
        /// The description's first line, as written.
        var text: String
        var hint: String

        /// Whether the scenario has steps after the line (a misspelt step among them: the others still run).
        var hasSteps = false

        package var message: String {
            hasSteps
                ? "'\(text)' is read as the description of \(keyword) '\(name)', not as a step: the steps below it run without it "
                    + "(did you mean '\(hint)'?)"
                : "\(keyword) '\(name)' has no steps: its line '\(text)' is read as a description (did you mean '\(hint)'?)"
        }
    }

    package static func findings(in document: GherkinDocument) -> [Finding] {
        guard !(document.uri ?? "").hasSuffix(".md"), let children = document.feature?.children else { return [] }
        let language = document.feature?.language ?? "en"
        var found: [Finding] = []
        func look(_ scenario: Scenario) {
            guard !scenario.description.isEmpty else { return }
            let lines = scenario.description.split(separator: "\n", omittingEmptySubsequences: false)
            if scenario.steps.isEmpty {
                guard
                    let first = lines.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }),
                    let hint = ParseErrorText.keywordHint(for: first, language: language)
                else { return }
                found.append(Finding(keyword: scenario.keyword, name: scenario.name, location: scenario.location, text: first, hint: hint))
                return
            }
            // A scenario with steps: its description's last line, when the first step follows it directly (no blank
            // line between) and it reads as a misspelt step keyword (`Gvien …`), at its own line (the description
            // starts on the line after the scenario's) and column. (Prose apart from the steps — "The original app
            // …", then a blank line — is a description as meant, whatever its first word.)
            guard let offset = lines.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
                let firstStep = scenario.steps.first, firstStep.location.line == scenario.location.line + 2 + offset
            else { return }
            let line = lines[offset]
            let text = line.trimmingCharacters(in: .whitespaces)
            guard let hint = ParseErrorText.keywordHint(for: text, language: language, steps: true) else { return }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            let location = Location(line: scenario.location.line + 1 + offset, column: indent + 1)
            found.append(
                Finding(keyword: scenario.keyword, name: scenario.name, location: location, text: text, hint: hint, hasSteps: true))
        }
        for child in children.indices {
            if let scenario = children[child].scenario { look(scenario) }
            guard let rule = children[child].rule?.children else { continue }
            for ruleChild in rule.indices { if let scenario = rule[ruleChild].scenario { look(scenario) } }
        }
        return found
    }
}
