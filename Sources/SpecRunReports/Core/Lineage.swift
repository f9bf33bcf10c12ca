import Messages

/// Where a Gherkin AST node sits: its document, feature, rule, scenario, examples and row.
struct Lineage {
    var uri: String
    var feature: Feature
    var rule: Rule?
    var background: Background?
    var scenario: Scenario?
    var examples: Examples?
    var examplesIndex: Int?
    var row: TableRow?
    var rowIndex: Int?
    var step: Step?

    /// Every AST node of a document, by id.
    static func index(_ document: GherkinDocument) -> [String: Lineage] {
        guard let feature = document.feature else { return [:] }
        var result: [String: Lineage] = [:]
        let root = Lineage(uri: document.uri ?? "", feature: feature)
        for child in feature.children {
            if let background = child.background { add(background, to: root, into: &result) }
            if let scenario = child.scenario { add(scenario, to: root, into: &result) }
            if let rule = child.rule {
                var inRule = root
                inRule.rule = rule
                result[rule.id] = inRule
                for ruleChild in rule.children {
                    if let background = ruleChild.background { add(background, to: inRule, into: &result) }
                    if let scenario = ruleChild.scenario { add(scenario, to: inRule, into: &result) }
                }
            }
        }
        return result
    }

    private static func add(_ background: Background, to parent: Lineage, into result: inout [String: Lineage]) {
        var lineage = parent
        lineage.background = background
        result[background.id] = lineage
        add(background.steps, to: lineage, into: &result)
    }

    private static func add(_ scenario: Scenario, to parent: Lineage, into result: inout [String: Lineage]) {
        var lineage = parent
        lineage.scenario = scenario
        result[scenario.id] = lineage
        add(scenario.steps, to: lineage, into: &result)
        for (examplesIndex, examples) in scenario.examples.enumerated() {
            var examplesLineage = lineage
            examplesLineage.examples = examples
            examplesLineage.examplesIndex = examplesIndex
            result[examples.id] = examplesLineage
            for (rowIndex, row) in examples.tableBody.enumerated() {
                var rowLineage = examplesLineage
                rowLineage.row = row
                rowLineage.rowIndex = rowIndex
                result[row.id] = rowLineage
            }
        }
    }

    private static func add(_ steps: [Step], to parent: Lineage, into result: inout [String: Lineage]) {
        for step in steps {
            var lineage = parent
            lineage.step = step
            result[step.id] = lineage
        }
    }
}
