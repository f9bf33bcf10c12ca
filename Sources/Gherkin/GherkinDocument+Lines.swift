import Messages

extension GherkinDocument {
    /// Every step's location (Backgrounds, Scenarios, Rules), by AST node id: where a pickle step is written.
    public var stepLocations: [String: Location] {
        var locations: [String: Location] = [:]
        func add(_ steps: [Step]?) { for step in steps ?? [] { locations[step.id] = step.location } }
        for child in feature?.children ?? [] {
            add(child.background?.steps)
            add(child.scenario?.steps)
            for ruleChild in child.rule?.children ?? [] {
                add(ruleChild.background?.steps)
                add(ruleChild.scenario?.steps)
            }
        }
        return locations
    }

    /// The line of every Scenario and Examples row, by AST node id: a pickle's last AST node names its test case
    /// across runs (`uri:line`).
    public var scenarioLines: [String: Int] {
        var lines: [String: Int] = [:]
        func add(_ scenario: Scenario?) {
            guard let scenario else { return }
            lines[scenario.id] = Int(scenario.location.line)
            for examples in scenario.examples { for row in examples.tableBody { lines[row.id] = Int(row.location.line) } }
        }
        for child in feature?.children ?? [] {
            add(child.scenario)
            for ruleChild in child.rule?.children ?? [] { add(ruleChild.scenario) }
        }
        return lines
    }
}

extension GherkinDocument {
    /// The Scenario Outlines (by their dialect's keyword) that have no Examples: Gherkin compiles each into one
    /// plain scenario with its `<placeholders>` left as written, which is seldom what the author meant.
    public var outlinesWithoutExamples: [Scenario] {
        guard let feature else { return [] }
        let keywords = Set(Dialect.named(feature.language)?.scenarioOutline ?? [])
        var found: [Scenario] = []
        func check(_ scenario: Scenario?) {
            guard let scenario, scenario.examples.isEmpty, keywords.contains(scenario.keyword) else { return }
            found.append(scenario)
        }
        for child in feature.children {
            check(child.scenario)
            for ruleChild in child.rule?.children ?? [] { check(ruleChild.scenario) }
        }
        return found
    }
}
