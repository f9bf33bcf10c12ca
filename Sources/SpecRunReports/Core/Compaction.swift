import Messages

/// Keeps the run index small: a Gherkin AST without what the pickles already hold, and one string storage
/// for an id however many messages mention it.
enum Compaction {
    /// The key equal to `id` in `table` when there is one (its storage is shared instead of keeping another copy).
    @inline(__always)
    static func canonical<Value>(_ id: String, in table: [String: Value]) -> String {
        guard let found = table.index(forKey: id) else { return id }
        return table.keys[found]
    }

    /// The copy of `text` already in `pool`, or `text` after adding it.
    static func interned(_ text: String, in pool: inout Set<String>) -> String {
        if let found = pool.firstIndex(of: text) { return pool[found] }
        pool.insert(text)
        return text
    }

    /// The document without comments, and the text the reports read from the pickles instead: step text,
    /// doc string content, data table cells, examples headers, cells, descriptions and tags.
    static func stripped(_ document: GherkinDocument) -> GherkinDocument {
        var document = document
        document.comments = []
        guard var feature = document.feature else { return document }
        feature.children = feature.children.map { child in
            var child = child
            if let background = child.background { child.background = stripped(background) }
            if let scenario = child.scenario { child.scenario = stripped(scenario) }
            if var rule = child.rule {
                rule.children = rule.children.map { ruleChild in
                    var ruleChild = ruleChild
                    if let background = ruleChild.background { ruleChild.background = stripped(background) }
                    if let scenario = ruleChild.scenario { ruleChild.scenario = stripped(scenario) }
                    return ruleChild
                }
                child.rule = rule
            }
            return child
        }
        document.feature = feature
        return document
    }

    private static func stripped(_ background: Background) -> Background {
        var background = background
        background.steps = background.steps.map(stripped)
        return background
    }

    private static func stripped(_ scenario: Scenario) -> Scenario {
        var scenario = scenario
        scenario.steps = scenario.steps.map(stripped)
        scenario.examples = scenario.examples.map { examples in
            var examples = examples
            examples.tags = []
            examples.description = ""
            examples.tableHeader = nil
            examples.tableBody = examples.tableBody.map { TableRow(location: $0.location, cells: [], id: $0.id) }
            return examples
        }
        return scenario
    }

    private static func stripped(_ step: Step) -> Step {
        var step = step
        step.text = ""
        if var docString = step.docString {
            docString.content = ""
            step.docString = docString
        }
        if let table = step.dataTable { step.dataTable = DataTable(location: table.location, rows: []) }
        return step
    }
}
