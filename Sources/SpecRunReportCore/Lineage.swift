import Messages

/// Where a Gherkin AST node sits: its document, feature, rule, scenario, examples and row.
/// A small path into the shared `DocumentTree` (no copy of the AST per node); the nodes are read on demand.
package struct Lineage {
    package let tree: DocumentTree
    /// Index in `feature.children`, and in the rule's children when the node is inside a rule (-1 otherwise).
    private var child: Int32 = -1
    private var ruleChild: Int32 = -1
    private var examplesPosition: Int32 = -1
    private var rowPosition: Int32 = -1
    private var stepPosition: Int32 = -1
    /// A background's or scenario's steps in `tree.steps.all` (start, count); -1 when not one.
    private var stepStart: Int32 = -1
    private var stepCount: Int32 = 0

    init(tree: DocumentTree) { self.tree = tree }

    var uri: String { tree.uri }
    package var feature: Feature { tree.feature }

    package var rule: Rule? { child >= 0 ? tree.feature.children[Int(child)].rule : nil }

    package var background: Background? {
        guard child >= 0 else { return nil }
        let featureChild = tree.feature.children[Int(child)]
        if ruleChild >= 0 { return featureChild.rule?.children[Int(ruleChild)].background }
        return featureChild.background
    }

    package var scenario: Scenario? {
        guard child >= 0 else { return nil }
        let featureChild = tree.feature.children[Int(child)]
        if ruleChild >= 0 { return featureChild.rule?.children[Int(ruleChild)].scenario }
        return featureChild.scenario
    }

    /// The scenario's keyword, read in place (the console asks it twice per scenario; `scenario` copies the whole
    /// scenario out of the tree).
    package var scenarioKeyword: String? {
        guard child >= 0 else { return nil }
        if ruleChild >= 0 { return tree.feature.children[Int(child)].rule?.children[Int(ruleChild)].scenario?.keyword }
        return tree.feature.children[Int(child)].scenario?.keyword
    }

    /// The scenario's name, read in place (the JUnit report names every test case after it).
    package var scenarioName: String? {
        guard child >= 0 else { return nil }
        if ruleChild >= 0 { return tree.feature.children[Int(child)].rule?.children[Int(ruleChild)].scenario?.name }
        return tree.feature.children[Int(child)].scenario?.name
    }

    /// The rule's id, read in place (the console asks it for every scenario; `rule` copies the feature child).
    package var ruleId: String? { child >= 0 ? tree.feature.children[Int(child)].rule?.id : nil }

    /// The rule's name, read in place.
    package var ruleName: String? { child >= 0 ? tree.feature.children[Int(child)].rule?.name : nil }

    /// The examples' name, read in place.
    package var examplesName: String? {
        guard child >= 0, examplesPosition >= 0 else { return nil }
        let examples = Int(examplesPosition)
        if ruleChild >= 0 {
            return tree.feature.children[Int(child)].rule?.children[Int(ruleChild)].scenario?.examples[examples].name
        }
        return tree.feature.children[Int(child)].scenario?.examples[examples].name
    }

    /// The scenario's description, read in place (the HTML report writes it for every scenario).
    package var scenarioDescription: String? {
        guard child >= 0 else { return nil }
        if ruleChild >= 0 { return tree.feature.children[Int(child)].rule?.children[Int(ruleChild)].scenario?.description }
        return tree.feature.children[Int(child)].scenario?.description
    }

    /// Where the node sits, for `stepRuns`: its feature child, rule child and own steps' run in `tree.steps.all`.
    var childIndex: Int32 { child }
    var ruleChildIndex: Int32 { ruleChild }
    var ownSteps: (start: Int32, count: Int32) { (stepStart, stepCount) }

    package var examplesIndex: Int? { examplesPosition >= 0 ? Int(examplesPosition) : nil }
    package var rowIndex: Int? { rowPosition >= 0 ? Int(rowPosition) : nil }

    package var examples: Examples? { examplesIndex.flatMap { scenario?.examples[$0] } }
    package var row: TableRow? { rowIndex.flatMap { examples?.tableBody[$0] } }

    /// The Gherkin step (keyword and locations only: the text is the pickle step's).
    package var step: Step? { stepSummary?.step }

    /// The Gherkin step's keyword and locations, without making a `Step`.
    var stepSummary: StepSummary? {
        guard stepPosition >= 0 else { return nil }
        return tree.steps.all[Int(stepPosition)]
    }

    /// The Gherkin step with id `stepId`, the `position`th step of a pickle of this scenario (or outline row):
    /// its background's steps come first (the feature's, then the rule's), then the scenario's. Found by position
    /// and checked by id; searched for when the position does not fit. Steps are not in the index's table: a
    /// scenario's lineage finds them (70,000 table entries fewer for 10,000 scenarios).
    func step(id stepId: String, position: Int) -> Lineage? {
        if let found = step(position: position), found.id == stepId { return found.lineage }
        for number in 0..<3 {
            guard let segment = segment(number), segment.count > 0 else { continue }
            let range = Int(segment.start)..<Int(segment.start + segment.count)
            if let index = range.first(where: { $0 < tree.steps.all.count && tree.steps.all[$0].id == stepId }) {
                return segment.lineage.atStep(index)
            }
        }
        return nil
    }

    /// The Gherkin step at `position` of a pickle of this scenario (or outline row), by position alone: its
    /// lineage, its id, and whether it is one of the scenario's own steps (not a background's).
    func step(position: Int) -> (lineage: Lineage, id: String, isScenarios: Bool)? {
        guard let place = stepPlace(position: position), let segment = segment(place.run) else { return nil }
        return (segment.lineage.atStep(place.index), tree.steps.all[place.index].id, place.run == 2)
    }

    /// The id of the Gherkin step at `position` of a pickle of this scenario, and whether it is the scenario's own:
    /// `step(position:)` without making the step's lineage (`compact` asks it of every pickle step).
    func stepId(position: Int) -> (id: String, isScenarios: Bool)? {
        guard let place = stepPlace(position: position) else { return nil }
        return (tree.steps.all[place.index].id, place.run == 2)
    }

    /// Where the step at `position` of a pickle of this scenario is: its run (0 the feature's background, 1 the
    /// rule's, 2 the scenario's own steps) and its index in `tree.steps.all`.
    private func stepPlace(position: Int) -> (run: Int, index: Int)? {
        guard child >= 0 else { return nil }
        var offset = position
        for number in 0..<3 {
            guard let run = stepRun(number) else { continue }
            if offset >= 0 && offset < Int(run.count) {
                let index = Int(run.start) + offset
                return index < tree.steps.all.count ? (number, index) : nil
            }
            offset -= Int(run.count)
        }
        return nil
    }

    /// The start and count of `segment(number)`, without its lineage.
    private func stepRun(_ number: Int) -> (start: Int32, count: Int32)? {
        switch number {
        case 0:
            return tree.steps.backgrounds[-1].map { ($0.start, $0.count) }
        case 1:
            guard ruleChild >= 0 else { return nil }
            return tree.steps.backgrounds[child].map { ($0.start, $0.count) }
        default:
            return (stepStart, stepCount)
        }
    }

    /// The runs of steps of a pickle of this scenario, in pickle order (at most three, no array: this runs for
    /// every step a report prints): the feature's background, the rule's background, the scenario's own.
    private func segment(_ number: Int) -> (lineage: Lineage, start: Int32, count: Int32)? {
        switch number {
        case 0:
            return tree.steps.backgrounds[-1].map { (atChild($0.child, ruleChild: -1), $0.start, $0.count) }
        case 1:
            guard ruleChild >= 0 else { return nil }
            return tree.steps.backgrounds[child].map { (atChild(child, ruleChild: $0.child), $0.start, $0.count) }
        default:
            return (self, stepStart, stepCount)
        }
    }

    /// The lineage of a background: the feature's (`ruleChild` -1, at feature child `child`) or a rule's.
    private func atChild(_ featureChild: Int32, ruleChild: Int32) -> Lineage {
        var lineage = Lineage(tree: tree)
        lineage.child = featureChild
        lineage.ruleChild = ruleChild
        return lineage
    }

    private func atStep(_ index: Int) -> Lineage {
        var lineage = self
        lineage.stepPosition = Int32(index)
        lineage.examplesPosition = -1
        lineage.rowPosition = -1
        return lineage
    }

    /// The document's tree; every AST node of it added to `result` by id (replacing what had the same id).
    static func index(_ document: GherkinDocument, keepsScenarioTags: Bool = true, into result: inout IdTable<Lineage>) -> DocumentTree? {
        guard let feature = document.feature else { return nil }
        let tree = DocumentTree(uri: document.uri ?? "", feature: Compaction.stripped(feature, keepsScenarioTags: keepsScenarioTags))
        // Made at its size: grown step by step, the table of a document's steps had up to half its room unused.
        tree.steps.all.reserveCapacity(stepCount(of: feature))
        let root = Lineage(tree: tree)
        for (childIndex, child) in feature.children.enumerated() {
            var lineage = root
            lineage.child = Int32(childIndex)
            if let background = child.background { add(background, to: lineage, rule: -1, into: &result) }
            if let scenario = child.scenario { add(scenario, to: lineage, into: &result) }
            if let rule = child.rule {
                result[id: rule.id] = lineage
                for (ruleChildIndex, ruleChild) in rule.children.enumerated() {
                    var inRule = lineage
                    inRule.ruleChild = Int32(ruleChildIndex)
                    if let background = ruleChild.background { add(background, to: inRule, rule: Int32(childIndex), into: &result) }
                    if let scenario = ruleChild.scenario { add(scenario, to: inRule, into: &result) }
                }
            }
        }
        return tree
    }

    /// How many steps the feature's backgrounds and scenarios have (the rows of `DocumentTree.steps.all`).
    static func stepCount(of feature: Feature) -> Int {
        var count = 0
        feature.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                count += (children[index].background?.steps.count ?? 0) + (children[index].scenario?.steps.count ?? 0)
                guard let rule = children[index].rule else { continue }
                for ruleChild in rule.children {
                    count += (ruleChild.background?.steps.count ?? 0) + (ruleChild.scenario?.steps.count ?? 0)
                }
            }
        }
        return count
    }

    /// `rule`: the feature child index of the rule it belongs to, -1 for the feature's background.
    private static func add(_ background: Background, to lineage: Lineage, rule: Int32, into result: inout IdTable<Lineage>) {
        var lineage = lineage
        (lineage.stepStart, lineage.stepCount) = add(background.steps, to: lineage.tree)
        result[id: background.id] = lineage
        lineage.tree.steps.backgrounds[rule] = (rule >= 0 ? lineage.ruleChild : lineage.child, lineage.stepStart, lineage.stepCount)
    }

    private static func add(_ scenario: Scenario, to lineage: Lineage, into result: inout IdTable<Lineage>) {
        var lineage = lineage
        (lineage.stepStart, lineage.stepCount) = add(scenario.steps, to: lineage.tree)
        result[id: scenario.id] = lineage
        // Examples and rows read in place, their ids alone (a copy of each retains every string and array in it).
        scenario.examples.withUnsafeBufferPointer { examples in
            for examplesIndex in examples.indices {
                var examplesLineage = lineage
                examplesLineage.examplesPosition = Int32(examplesIndex)
                result[id: examples[examplesIndex].id] = examplesLineage
                examples[examplesIndex].tableBody.withUnsafeBufferPointer { rows in
                    for rowIndex in rows.indices {
                        var rowLineage = examplesLineage
                        rowLineage.rowPosition = Int32(rowIndex)
                        result[id: rows[rowIndex].id] = rowLineage
                    }
                }
            }
        }
    }

    /// Appends the steps' summaries to the tree; their range there.
    private static func add(_ steps: [Step], to tree: DocumentTree) -> (Int32, Int32) {
        let start = Int32(tree.steps.all.count)
        // Each step read in place (not copied whole for the few fields a summary keeps).
        steps.withUnsafeBufferPointer { steps in
            for index in steps.indices { tree.steps.all.append(StepSummary(steps[index])) }
        }
        return (start, Int32(steps.count))
    }
}
