import Gherkin
import Messages

/// A scenario line without its colon (`Scenario Buying`, `Scenario Outline Paying`) before the first scenario of
/// a feature or rule: the parser reads it, and the steps below it, as the feature's (or rule's) description, so that
/// scenario never runs and nothing fails. Warned about when a step line follows it in the description (prose that
/// happens to start with the word `Scenario` has none). Markdown features are left out.
package enum ScenarioLineInDescription {
    package struct Finding: Equatable {
        package var location: Location
        /// The line, as written (trimmed).
        var text: String
        /// What reads it as its description: `Feature 'Cart'`, `Rule 'Payments'`.
        var owner: String
        /// The line as it parses (`Scenario: Buying`).
        var hint: String

        package var message: String {
            "'\(text)' is read as the description of \(owner), not as a scenario: it and its steps never run "
                + "(did you mean '\(hint)'?)"
        }
    }

    /// The findings of `document`, placed by its source's lines (`source`: the file's text).
    package static func findings(in document: GherkinDocument, source: String?) -> [Finding] {
        guard !(document.uri ?? "").hasSuffix(".md"), let feature = document.feature, let source,
            let dialect = Dialect.named(feature.language)
        else { return [] }
        let blocks = dialect.scenario + dialect.scenarioOutline + dialect.background + dialect.rule + dialect.examples
        let steps = (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).filter { $0 != "* " }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Finding] = []
        func look(_ description: String, owner: String, at location: Location) {
            guard !description.isEmpty else { return }
            let texts = description.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            for (index, text) in texts.enumerated() {
                guard let keyword = blocks.filter({ text.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { continue }
                let rest = text.dropFirst(keyword.count)
                guard rest.isEmpty || rest.first == " ",
                    texts.dropFirst(index + 1).contains(where: { line in steps.contains { line.hasPrefix($0) } })
                else { continue }
                // Its line in the file: the first line after the owner's that reads the same.
                let after = Int(location.line)
                guard let number = lines.indices.dropFirst(after).first(where: { lines[$0].trimmingCharacters(in: .whitespaces) == text })
                else { continue }
                let indent = lines[number].prefix { $0 == " " || $0 == "\t" }.count
                found.append(
                    Finding(
                        location: Location(line: number + 1, column: indent + 1), text: text, owner: owner,
                        hint: keyword + ":" + rest))
                return
            }
        }
        look(feature.description, owner: "\(feature.keyword) '\(feature.name)'", at: feature.location)
        for child in feature.children {
            guard let rule = child.rule else { continue }
            look(rule.description, owner: "\(rule.keyword) '\(rule.name)'", at: rule.location)
        }
        return found
    }
}
