import Messages

/// The feature of one Gherkin document, held once and shared by the lineages of all its nodes: the AST
/// without steps (see `Compaction`), and each step's keyword and locations in a flat table.
final class DocumentTree {
    let uri: String
    let feature: Feature
    /// The feature's Background, if it has one (looked up once: a feature may have 20,000 children).
    let background: Background?
    /// The steps of the document's backgrounds and scenarios, in document order.
    fileprivate(set) var steps: [StepSummary] = []

    init(uri: String, feature: Feature) {
        self.uri = uri
        self.feature = feature
        background = feature.children.lazy.compactMap(\.background).first
    }
}

/// What the reports read of a Gherkin step (its text and argument come from the pickle step), in 40 bytes.
struct StepSummary {
    let keyword: String
    private let line: Int32
    private let column: Int32
    /// The doc string's line and column, -1 without a doc string; column -1 when unknown.
    private let docStringLine: Int32
    private let docStringColumn: Int32
    let keywordType: StepKeywordType?

    init(_ step: Step) {
        keyword = step.keyword
        line = Int32(clamping: step.location.line)
        column = Int32(clamping: step.location.column ?? -1)
        docStringLine = Int32(clamping: step.docString?.location.line ?? -1)
        docStringColumn = Int32(clamping: step.docString?.location.column ?? -1)
        keywordType = step.keywordType
    }

    /// The step with its keyword and locations (no text, argument content or id).
    var step: Step {
        let docString = docStringLine < 0 ? nil
            : DocString(location: Self.location(docStringLine, docStringColumn), content: "", delimiter: "")
        return Step(location: Self.location(line, column), keyword: keyword, keywordType: keywordType, text: "",
                    docString: docString, id: "")
    }

    private static func location(_ line: Int32, _ column: Int32) -> Location {
        Location(line: Int(line), column: column < 0 ? nil : Int(column))
    }
}

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
    var step: Step? {
        guard stepPosition >= 0 else { return nil }
        return tree.steps[Int(stepPosition)].step
    }

    /// The document's tree and every AST node of it, by id.
    static func index(_ document: GherkinDocument) -> (tree: DocumentTree, nodes: [String: Lineage])? {
        guard let feature = document.feature else { return nil }
        var result: [String: Lineage] = [:]
        let tree = DocumentTree(uri: document.uri ?? "", feature: Compaction.stripped(feature))
        let root = Lineage(tree: tree)
        for (childIndex, child) in feature.children.enumerated() {
            var lineage = root
            lineage.child = Int32(childIndex)
            if let background = child.background { add(background, to: lineage, into: &result) }
            if let scenario = child.scenario { add(scenario, to: lineage, into: &result) }
            if let rule = child.rule {
                result[rule.id] = lineage
                for (ruleChildIndex, ruleChild) in rule.children.enumerated() {
                    var inRule = lineage
                    inRule.ruleChild = Int32(ruleChildIndex)
                    if let background = ruleChild.background { add(background, to: inRule, into: &result) }
                    if let scenario = ruleChild.scenario { add(scenario, to: inRule, into: &result) }
                }
            }
        }
        return (tree, result)
    }

    private static func add(_ background: Background, to lineage: Lineage, into result: inout [String: Lineage]) {
        result[background.id] = lineage
        add(background.steps, to: lineage, into: &result)
    }

    private static func add(_ scenario: Scenario, to lineage: Lineage, into result: inout [String: Lineage]) {
        result[scenario.id] = lineage
        add(scenario.steps, to: lineage, into: &result)
        for (examplesIndex, examples) in scenario.examples.enumerated() {
            var examplesLineage = lineage
            examplesLineage.examplesPosition = Int32(examplesIndex)
            result[examples.id] = examplesLineage
            for (rowIndex, row) in examples.tableBody.enumerated() {
                var rowLineage = examplesLineage
                rowLineage.rowPosition = Int32(rowIndex)
                result[row.id] = rowLineage
            }
        }
    }

    private static func add(_ steps: [Step], to lineage: Lineage, into result: inout [String: Lineage]) {
        for step in steps {
            var stepLineage = lineage
            stepLineage.stepPosition = Int32(lineage.tree.steps.count)
            lineage.tree.steps.append(StepSummary(step))
            result[step.id] = stepLineage
        }
    }
}
