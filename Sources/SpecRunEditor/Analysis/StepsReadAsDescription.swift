import Gherkin
import Messages

/// A scenario with no steps whose description starts with a word close to a step keyword: a misspelt first
/// keyword (`Giving the customer…`) makes every line below it description, and the scenario passes with 0 steps.
/// A run and `specrun check` warn about it (Markdown features are left out: prose under a heading is a description).
package enum StepsReadAsDescription {
    package struct Finding: Equatable {
        var keyword: String
        var name: String
        package var location: Location
        /// The description's first line, as written.
        var text: String
        var hint: String

        package var message: String {
            "\(keyword) '\(name)' has no steps: its line '\(text)' is read as a description (did you mean '\(hint)'?)"
        }
    }

    package static func findings(in document: GherkinDocument) -> [Finding] {
        guard !(document.uri ?? "").hasSuffix(".md"), let children = document.feature?.children else { return [] }
        let language = document.feature?.language ?? "en"
        var found: [Finding] = []
        func look(_ scenario: Scenario) {
            guard
                let first = scenario.description.split(separator: "\n")
                    .map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }),
                let hint = ParseErrorText.keywordHint(for: first, language: language)
            else { return }
            found.append(Finding(keyword: scenario.keyword, name: scenario.name, location: scenario.location, text: first, hint: hint))
        }
        // Only a scenario without steps but with a description is copied (most documents have none).
        for child in children.indices {
            if children[child].scenario?.steps.isEmpty == true, children[child].scenario?.description.isEmpty == false,
                let scenario = children[child].scenario
            {
                look(scenario)
            }
            guard let rule = children[child].rule?.children else { continue }
            for ruleChild in rule.indices where rule[ruleChild].scenario?.steps.isEmpty == true {
                if rule[ruleChild].scenario?.description.isEmpty == false, let scenario = rule[ruleChild].scenario { look(scenario) }
            }
        }
        return found
    }
}
