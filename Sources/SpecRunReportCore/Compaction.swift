import Messages

/// Keeps the run index small: a Gherkin AST without what the pickles already hold, and one string storage
/// for an id however many messages mention it.
enum Compaction {
    /// The key equal to `id` in `table` when there is one (its storage is shared instead of keeping another copy).
    @inline(__always)
    static func canonical<Value>(_ id: String, in table: [String: Value]) -> String {
        // A string of up to 15 UTF-8 bytes is stored inline, in the value itself (specrun's ids are): nothing to share.
        guard !isInline(id), let found = table.index(forKey: id) else { return id }
        // (A `String` key equals a canonically equivalent spelling: only the same bytes are shared.)
        let key = table.keys[found]
        return IdKey.sameBytes(key, id) ? key : id
    }

    /// The same for a table of the run index.
    @inline(__always)
    static func canonical<Value>(_ id: String, in table: IdTable<Value>) -> String {
        guard !isInline(id), let found = table.index(forKey: IdKey(id)) else { return id }
        return table.keys[found].id
    }

    /// The match arguments as the reports read them: the first definition's arguments, each its whole match's
    /// start and text (no nested groups, no parameter type name); nil when there is nothing to reduce.
    static func reduced(_ lists: [StepMatchArgumentsList]) -> [StepMatchArgumentsList]? {
        let needed =
            lists.count > 1
            || lists.contains { list in
                list.stepMatchArguments.contains { $0.group.children != nil || $0.parameterTypeName != nil }
            }
        guard needed else { return nil }
        guard let first = lists.first else { return [] }
        return [
            StepMatchArgumentsList(
                stepMatchArguments: first.stepMatchArguments.map { argument in
                    StepMatchArgument(group: Group(start: argument.group.start, value: argument.group.value))
                })
        ]
    }

    @inline(__always)
    static func isInline(_ id: String) -> Bool { id.utf8.count <= 15 }

    /// The feature without what the reports read elsewhere: steps (kept in `DocumentTree.steps`; their text
    /// and arguments are the pickle steps'), examples headers, cells, descriptions and tags, and the scenarios' own
    /// tags unless `keepsScenarioTags` (the pickles hold them too; only the HTML reports read the scenarios').
    static func stripped(_ feature: Feature, keepsScenarioTags: Bool = true) -> Feature {
        var feature = feature
        feature.children = feature.children.map { child in
            var child = child
            if let background = child.background { child.background = stripped(background) }
            if let scenario = child.scenario { child.scenario = stripped(scenario, keepsTags: keepsScenarioTags) }
            if var rule = child.rule {
                rule.children = rule.children.map { ruleChild in
                    var ruleChild = ruleChild
                    if let background = ruleChild.background { ruleChild.background = stripped(background) }
                    if let scenario = ruleChild.scenario { ruleChild.scenario = stripped(scenario, keepsTags: keepsScenarioTags) }
                    return ruleChild
                }
                child.rule = rule
            }
            return child
        }
        return feature
    }

    private static func stripped(_ background: Background) -> Background {
        var background = background
        background.steps = []
        return background
    }

    private static func stripped(_ scenario: Scenario, keepsTags: Bool) -> Scenario {
        var scenario = scenario
        scenario.steps = []
        if !keepsTags { scenario.tags = [] }
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
}
