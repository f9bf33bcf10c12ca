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
        // (Read in place, through indices: a run asks this of every document, and a copy of each child retains
        // every field of it.)
        func look(_ examples: [Examples]?) {
            guard let examples else { return }
            for item in examples.indices { look(examples[item].tags) }
        }
        look(feature.tags)
        let children = feature.children
        for child in children.indices {
            if let tags = children[child].scenario?.tags {
                look(tags)
                look(children[child].scenario?.examples)
            }
            guard let rule = children[child].rule else { continue }
            look(rule.tags)
            for ruleChild in rule.children.indices {
                guard let tags = rule.children[ruleChild].scenario?.tags else { continue }
                look(tags)
                look(rule.children[ruleChild].scenario?.examples)
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
