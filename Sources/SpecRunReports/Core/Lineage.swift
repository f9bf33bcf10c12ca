import Messages

/// Where a Gherkin AST node sits: its document, feature, rule, scenario, examples and row.
/// A small path into the shared `DocumentTree` (no copy of the AST per node); the nodes are read on demand.
struct Lineage {
    let tree: DocumentTree
    /// Index in `feature.children`, and in the rule's children when the node is inside a rule (-1 otherwise).
    private var child: Int32 = -1
    private var ruleChild: Int32 = -1
    private var examplesPosition: Int32 = -1
    private var rowPosition: Int32 = -1
    private var stepPosition: Int32 = -1

    init(tree: DocumentTree) { self.tree = tree }

    var uri: String { tree.uri }
    var feature: Feature { tree.feature }

    var rule: Rule? { child >= 0 ? tree.feature.children[Int(child)].rule : nil }

    var background: Background? {
        guard child >= 0 else { return nil }
        let featureChild = tree.feature.children[Int(child)]
        if ruleChild >= 0 { return featureChild.rule?.children[Int(ruleChild)].background }
        return featureChild.background
    }

    var scenario: Scenario? {
        guard child >= 0 else { return nil }
        let featureChild = tree.feature.children[Int(child)]
        if ruleChild >= 0 { return featureChild.rule?.children[Int(ruleChild)].scenario }
        return featureChild.scenario
    }

    var examplesIndex: Int? { examplesPosition >= 0 ? Int(examplesPosition) : nil }
    var rowIndex: Int? { rowPosition >= 0 ? Int(rowPosition) : nil }

    var examples: Examples? { examplesIndex.flatMap { scenario?.examples[$0] } }
    var row: TableRow? { rowIndex.flatMap { examples?.tableBody[$0] } }

    /// The Gherkin step (keyword and locations only: the text is the pickle step's).
    var step: Step? { stepSummary?.step }

    /// The Gherkin step's keyword and locations, without making a `Step`.
    var stepSummary: StepSummary? {
        guard stepPosition >= 0 else { return nil }
        return tree.steps[Int(stepPosition)]
    }

    /// The document's tree; every AST node of it added to `result` by id (replacing what had the same id).
    static func index(_ document: GherkinDocument, into result: inout IdTable<Lineage>) -> DocumentTree? {
        guard let feature = document.feature else { return nil }
        let tree = DocumentTree(uri: document.uri ?? "", feature: Compaction.stripped(feature))
        let root = Lineage(tree: tree)
        for (childIndex, child) in feature.children.enumerated() {
            var lineage = root
            lineage.child = Int32(childIndex)
            if let background = child.background { add(background, to: lineage, into: &result) }
            if let scenario = child.scenario { add(scenario, to: lineage, into: &result) }
            if let rule = child.rule {
                result[id: rule.id] = lineage
                for (ruleChildIndex, ruleChild) in rule.children.enumerated() {
                    var inRule = lineage
                    inRule.ruleChild = Int32(ruleChildIndex)
                    if let background = ruleChild.background { add(background, to: inRule, into: &result) }
                    if let scenario = ruleChild.scenario { add(scenario, to: inRule, into: &result) }
                }
            }
        }
        return tree
    }

    private static func add(_ background: Background, to lineage: Lineage, into result: inout IdTable<Lineage>) {
        result[id: background.id] = lineage
        add(background.steps, to: lineage, into: &result)
    }

    private static func add(_ scenario: Scenario, to lineage: Lineage, into result: inout IdTable<Lineage>) {
        result[id: scenario.id] = lineage
        add(scenario.steps, to: lineage, into: &result)
        for (examplesIndex, examples) in scenario.examples.enumerated() {
            var examplesLineage = lineage
            examplesLineage.examplesPosition = Int32(examplesIndex)
            result[id: examples.id] = examplesLineage
            for (rowIndex, row) in examples.tableBody.enumerated() {
                var rowLineage = examplesLineage
                rowLineage.rowPosition = Int32(rowIndex)
                result[id: row.id] = rowLineage
            }
        }
    }

    private static func add(_ steps: [Step], to lineage: Lineage, into result: inout IdTable<Lineage>) {
        for step in steps {
            var stepLineage = lineage
            stepLineage.stepPosition = Int32(lineage.tree.steps.count)
            lineage.tree.steps.append(StepSummary(step))
            result[id: step.id] = stepLineage
        }
    }
}
