import Messages
import Requirements

/// What `specrun check` finds between the story documents and the features: criteria no scenario is tagged
/// with, tags that look like a criterion id but name none (a typo, a criterion renumbered), and what the
/// documents' reader noticed. Warnings, or errors with `--strict-coverage`.
package struct CheckRequirements {
    package init(requirements: RequirementsSet, strict: Bool) {
        self.requirements = requirements
        self.strict = strict
    }

    let requirements: RequirementsSet
    let strict: Bool

    package func findings(tags: [TagUse], pickleTags: Set<String>) -> [CheckFinding] {
        let severity: CheckFinding.Severity = strict ? .error : .warning
        var findings = requirements.warnings.map {
            CheckFinding(severity: .warning, file: $0.uri, line: $0.line, column: $0.column ?? 1, message: $0.message)
        }
        let criteria = requirements.criteria
        let known = Set(criteria.map(\.id) + requirements.stories.map(\.id))
        let shapes = Set(criteria.map { Self.shape($0.id) })
        var verdicts: [String: String?] = [:]  // tag name → the finding's hint, nil when it is fine
        var seen = Set<String>()
        for tag in tags where seen.insert("\(tag.uri):\(tag.line):\(tag.column):\(tag.name)").inserted {
            if verdicts[tag.name] == nil { verdicts[tag.name] = hint(for: String(tag.name.dropFirst()), known: known, shapes: shapes) }
            guard let hint = verdicts[tag.name] ?? nil else { continue }
            findings.append(
                .init(
                    severity: severity, file: tag.uri, line: tag.line, column: tag.column,
                    message: "tag \(tag.name) names no criterion of the requirements\(hint)"))
        }
        for criterion in criteria where !pickleTags.contains("@" + criterion.id) {
            findings.append(
                .init(
                    severity: severity, file: criterion.uri, line: criterion.line, column: 1,
                    message: "criterion \(criterion.id) '\(criterion.title)' has no scenario (tag one with @\(criterion.id))"))
        }
        return findings
    }

    /// Why a tag that looks like a criterion id but names none is suspect; nil for a fine tag.
    private func hint(for name: String, known: Set<String>, shapes: Set<String>) -> String? {
        guard !known.contains(name), name.first?.isUppercase == true, name.contains("-") else { return nil }
        var nearest: (id: String, distance: Int)?
        for id in requirements.criteria.map(\.id) where abs(id.count - name.count) <= 2 {
            let distance = Suggestions.distance(id, name)
            if distance <= 2, distance < nearest?.distance ?? .max { nearest = (id, distance) }
        }
        guard shapes.contains(Self.shape(name)) || (nearest?.distance ?? .max) <= 1 else { return nil }
        return nearest.map { " (did you mean @\($0.id)?)" } ?? " (tag the scenario with the id of a criterion of the documents)"
    }

    /// The id with each run of digits as `#`: `CUS-032-AC-001` → `CUS-#-AC-#`.
    static func shape(_ id: String) -> String {
        var out = ""
        for character in id {
            if character.isNumber {
                if out.last != "#" { out.append("#") }
            } else {
                out.append(character)
            }
        }
        return out
    }
}

/// A tag as written in a feature file.
package struct TagUse {
    let name: String
    let uri: String
    let line: Int
    let column: Int

    /// Every tag of a Gherkin document: the feature's, rules', scenarios' and examples'.
    static func all(in document: GherkinDocument) -> [TagUse] {
        guard let feature = document.feature else { return [] }
        let uri = document.uri ?? ""
        var tags: [Tag] = feature.tags
        func add(_ scenario: Scenario) {
            tags += scenario.tags
            for examples in scenario.examples { tags += examples.tags }
        }
        for child in feature.children {
            if let scenario = child.scenario { add(scenario) }
            if let rule = child.rule {
                tags += rule.tags
                for ruleChild in rule.children { if let scenario = ruleChild.scenario { add(scenario) } }
            }
        }
        return tags.map { TagUse(name: $0.name, uri: uri, line: Int($0.location.line), column: Int($0.location.column ?? 1)) }
    }
}
