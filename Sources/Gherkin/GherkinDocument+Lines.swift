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
        guard let language = feature?.language, let keywords = Dialect.named(language)?.scenarioOutline,
            let children = feature?.children
        else { return [] }
        var found: [Scenario] = []
        // Read in place, only what it finds copied: every document is asked, and one without such an outline is the
        // rule (a copy of each scenario looked at retained every string and array in it).
        for child in children.indices {
            if children[child].scenario?.examples.isEmpty == true, let keyword = children[child].scenario?.keyword,
                keywords.contains(keyword), let scenario = children[child].scenario
            {
                found.append(scenario)
            }
            guard let rule = children[child].rule?.children else { continue }
            for ruleChild in rule.indices where rule[ruleChild].scenario?.examples.isEmpty == true {
                if let keyword = rule[ruleChild].scenario?.keyword, keywords.contains(keyword),
                    let scenario = rule[ruleChild].scenario
                {
                    found.append(scenario)
                }
            }
        }
        return found
    }
}
