import Messages
import SpecRunCore

/// `@timeout:` tags whose value is no duration (`@timeout:abc`): a run and `specrun check` name each at its
/// `file:line:column`; the scenarios under it fail at their first step with the same words.
package enum InvalidTimeoutTags {
    package struct Finding: Equatable {
        var location: Location
        var message: String
    }

    static func findings(in document: GherkinDocument) -> [Finding] {
        guard let feature = document.feature else { return [] }
        var found: [Finding] = []
        func look(_ tags: [Tag]) {
            for tag in tags where TimeoutTags.isInvalid(tag.name) {
                found.append(Finding(location: tag.location, message: TimeoutTags.message(tag.name)))
            }
        }
        func look(_ scenario: Scenario) {
            look(scenario.tags)
            for examples in scenario.examples { look(examples.tags) }
        }
        look(feature.tags)
        for child in feature.children {
            if let scenario = child.scenario { look(scenario) }
            if let rule = child.rule {
                look(rule.tags)
                for ruleChild in rule.children { if let scenario = ruleChild.scenario { look(scenario) } }
            }
        }
        return found
    }

    /// `Features/a.feature:3:3: error: tag '@timeout:abc': expected a duration …`
    package static func lines(in document: GherkinDocument) -> [String] {
        findings(in: document).map {
            "\(document.uri ?? "<unknown>"):\($0.location.line):\($0.location.column ?? 0): error: \($0.message)"
        }
    }
}
