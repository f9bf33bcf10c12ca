import Messages

/// The children of a Feature or Rule, made from the scenarios and rules of its node moved into them (see `moveEach`),
/// straight into the memory of the new array (no `append`, no reversed copy of the scenarios).
extension AstBuilder {
    static func featureChildren(_ parts: AstNodeParts) -> [FeatureChild] {
        let count = (parts.background == nil ? 0 : 1) + parts.scenarios.count + parts.rules.count
        guard count > 0 else { return [] }
        return [FeatureChild](unsafeUninitializedCapacity: count) { buffer, initialized in
            var next = buffer.baseAddress!
            if let background = parts.background.take() {
                next.initialize(to: FeatureChild(rule: nil, background: background, scenario: nil))
                next += 1
            }
            moveEach(&parts.scenarios, leaving: .placeholder) { scenario in
                next.initialize(to: FeatureChild(rule: nil, background: nil, scenario: scenario))
                next += 1
            }
            moveEach(&parts.rules, leaving: .placeholder) { rule in
                next.initialize(to: FeatureChild(rule: rule, background: nil, scenario: nil))
                next += 1
            }
            initialized = count
        }
    }

    static func ruleChildren(_ parts: AstNodeParts) -> [RuleChild] {
        let count = (parts.background == nil ? 0 : 1) + parts.scenarios.count
        guard count > 0 else { return [] }
        return [RuleChild](unsafeUninitializedCapacity: count) { buffer, initialized in
            var next = buffer.baseAddress!
            if let background = parts.background.take() {
                next.initialize(to: RuleChild(background: background, scenario: nil))
                next += 1
            }
            moveEach(&parts.scenarios, leaving: .placeholder) { scenario in
                next.initialize(to: RuleChild(background: nil, scenario: scenario))
                next += 1
            }
            initialized = count
        }
    }
}

extension Scenario {
    /// What is left where a scenario was moved out: nothing to release.
    static var placeholder: Scenario {
        Scenario(location: Location(line: 0), tags: [], keyword: "", name: "", description: "", steps: [], examples: [], id: "")
    }
}

extension Rule {
    /// What is left where a rule was moved out: nothing to release.
    static var placeholder: Rule {
        Rule(location: Location(line: 0), tags: [], keyword: "", name: "", description: "", children: [], id: "")
    }
}
