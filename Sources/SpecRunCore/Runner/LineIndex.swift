import Messages

/// The lines of the Gherkin nodes, by AST node id: what `path:LINE` can point at.
struct LineIndex {
    /// Lines that select the node: its own, its ancestors' (feature, rule, examples), its steps'.
    private(set) var selectors: [String: Set<Int>] = [:]
    /// The line of each node, for locations in stack traces.
    private(set) var line: [String: Int] = [:]

    /// `selecting`: also the lines that select each node (only `path:LINE` arguments need them).
    mutating func add(_ document: GherkinDocument, selecting: Bool = true) {
        guard let feature = document.feature else { return }
        for child in feature.children {
            if let background = child.background { addSteps(background.steps) }
            if let scenario = child.scenario { add(scenario, inherited: [feature.location.line], selecting: selecting) }
            if let rule = child.rule {
                for ruleChild in rule.children {
                    if let background = ruleChild.background { addSteps(background.steps) }
                    if let scenario = ruleChild.scenario {
                        add(scenario, inherited: [feature.location.line, rule.location.line], selecting: selecting)
                    }
                }
            }
        }
    }

    private mutating func add(_ scenario: Scenario, inherited: @autoclosure () -> Set<Int>, selecting: Bool) {
        addSteps(scenario.steps)
        line[scenario.id] = scenario.location.line
        if selecting {
            var own = inherited()
            own.insert(scenario.location.line)
            for step in scenario.steps { own.insert(step.location.line) }
            selectors[scenario.id] = own
        }
        for examples in scenario.examples {
            for row in examples.tableBody {
                if selecting { selectors[row.id] = [examples.location.line, row.location.line] }
                line[row.id] = row.location.line
            }
        }
    }

    private mutating func addSteps(_ steps: [Step]) {
        for step in steps { line[step.id] = step.location.line }
    }

    /// The same index without what only selection needs (once the pickles are selected).
    func forLocations() -> LineIndex {
        var copy = LineIndex()
        copy.line = line
        return copy
    }

    /// Every line that selects the pickle: its feature's, rule's, scenario's and steps' lines and, for an
    /// example row, the row's and its Examples' lines (so `:ROW` picks one row, `:SCENARIO` all of them).
    func lines(of pickle: Pickle) -> Set<Int> {
        var result: Set<Int> = []
        for id in pickle.astNodeIds { result.formUnion(selectors[id] ?? []) }
        return result
    }
}
