import Messages

extension GherkinDocument {
    /// The scenarios with Examples of which none has a row (a header alone, or no table): Gherkin makes no
    /// test case of them, so they never run, which is seldom what the author meant.
    public var outlinesWithoutExamplesRows: [Scenario] {
        guard let children = feature?.children else { return [] }
        var found: [Scenario] = []
        // Read in place, only what it finds copied (every document is asked; see `outlinesWithoutExamples`).
        func look(_ scenario: Scenario?) {
            guard let examples = scenario?.examples, !examples.isEmpty,
                examples.allSatisfy({ $0.tableBody.isEmpty }), let scenario
            else { return }
            found.append(scenario)
        }
        for child in children.indices {
            look(children[child].scenario)
            guard let rule = children[child].rule?.children else { continue }
            for ruleChild in rule.indices { look(rule[ruleChild].scenario) }
        }
        return found
    }
}
