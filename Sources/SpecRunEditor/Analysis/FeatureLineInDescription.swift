import Gherkin
import Messages

/// A second `Feature:` line in a file: the parser expects none after the first, so it reads the line as part of
/// the description above it (the feature's, a rule's, a background's, a scenario's or an examples'), and the
/// scenarios below it silently belong to the first feature. `specrun check`, the language server and a run warn
/// about it at the line (Markdown features are left out: their headings are not keyword lines).
package enum FeatureLineInDescription {
    package struct Finding: Equatable {
        package var location: Location
        /// The line, as written (trimmed).
        var text: String
        /// What reads it as its description: `Feature 'Cart'`, `Scenario 'Empty'`.
        var owner: String
        var featureName: String

        package var message: String {
            "'\(text)' is read as the description of \(owner), not as a second feature: a file holds one Feature, so "
                + "what follows belongs to '\(featureName)' (put the second feature in a file of its own, or make it a Rule:)"
        }
    }

    /// The findings of `document`; `source` (the file's text) places each at its own line, else the line is
    /// counted from the owner's keyword line (a description starting right below it).
    package static func findings(in document: GherkinDocument, source: String? = nil) -> [Finding] {
        guard !(document.uri ?? "").hasSuffix(".md"), let feature = document.feature else { return [] }
        let keywords = Dialect.named(feature.language)?.feature ?? ["Feature"]
        let sourceLines = source.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        var found: [Finding] = []
        func look(_ description: String, keyword: String, name: String, at location: Location) {
            // (No colon, no keyword line: most descriptions are looked at by this scan alone.)
            guard description.utf8.contains(UInt8(ascii: ":")) else { return }
            let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
            var searchFrom = Int(location.line)  // 0-based index of the line after the owner's keyword line
            for (index, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard keywords.contains(where: { text.hasPrefix($0 + ":") }) else { continue }
                var number = Int(location.line) + 1 + index
                if let sourceLines,
                    let found = sourceLines.indices.dropFirst(searchFrom).first(where: {
                        sourceLines[$0].trimmingCharacters(in: .whitespaces) == text
                    })
                {
                    number = found + 1
                    searchFrom = found + 1
                }
                let indent = line.prefix { $0 == " " || $0 == "\t" }.count
                found.append(
                    Finding(
                        location: Location(line: number, column: indent + 1), text: text, owner: "\(keyword) '\(name)'",
                        featureName: feature.name))
            }
        }
        // (The feature's children read in place, a scenario or examples copied only when its description has a
        // colon: a run asks this of every document.)
        func hasColon(_ description: String?) -> Bool { description?.utf8.contains(UInt8(ascii: ":")) ?? false }
        /// A scenario (read only when `description`, its own, has a colon) and its examples.
        func look(scenario description: String?, _ scenario: () -> Scenario?, examples: [Examples]?) {
            if hasColon(description), let scenario = scenario() {
                look(scenario.description, keyword: scenario.keyword, name: scenario.name, at: scenario.location)
            }
            guard let examples else { return }
            for item in examples.indices where hasColon(examples[item].description) {
                look(
                    examples[item].description, keyword: examples[item].keyword, name: examples[item].name,
                    at: examples[item].location)
            }
        }
        func look(_ background: Background) {
            look(background.description, keyword: background.keyword, name: background.name, at: background.location)
        }
        look(feature.description, keyword: feature.keyword, name: feature.name, at: feature.location)
        let children = feature.children
        for child in children.indices {
            if let background = children[child].background { look(background) }
            look(
                scenario: children[child].scenario?.description, { children[child].scenario },
                examples: children[child].scenario?.examples)
            guard children[child].rule != nil else { continue }
            if hasColon(children[child].rule?.description), let rule = children[child].rule {
                look(rule.description, keyword: rule.keyword, name: rule.name, at: rule.location)
            }
            guard let ruleChildren = children[child].rule?.children else { continue }
            for ruleChild in ruleChildren.indices {
                if let background = ruleChildren[ruleChild].background { look(background) }
                look(
                    scenario: ruleChildren[ruleChild].scenario?.description, { ruleChildren[ruleChild].scenario },
                    examples: ruleChildren[ruleChild].scenario?.examples)
            }
        }
        return found
    }
}
