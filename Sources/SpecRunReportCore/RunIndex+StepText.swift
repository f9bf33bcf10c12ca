import Messages

// What the reports print of a step, looked up in the run index.
extension RunIndex {
    /// What a report prints of the pickle step at `position` of `pickle`.
    private func text(of pickleStep: PickleStep, at position: Int, in pickle: Pickle, derived: Bool) -> StepText {
        text(of: pickleStep, at: position, scenario: lineage(of: pickle), derived: derived)
    }

    /// The same, with the pickle's lineage (its scenario's) already looked up.
    private func text(of pickleStep: PickleStep, at position: Int, scenario: Lineage?, derived: Bool) -> StepText {
        let summary = lineage(of: pickleStep, at: position, scenario: scenario, derived: derived)?.stepSummary
        return StepText(
            keyword: summary?.keyword ?? "* ", text: pickleStep.text, line: summary?.lineNumber,
            argument: pickleStep.argument)
    }

    /// What a report prints of a test step that runs a pickle step: its keyword, text, line and argument.
    package func text(of step: TestStep) -> StepText? {
        guard let pickleStepId = step.pickleStepId, let place = pickleStepPlaces.place(of: pickleStepId, in: pickleStore) else {
            return nil
        }
        let pickle = pickleStore[Int(place.slot)]
        return text(
            of: pickle.steps[Int(place.position)], at: Int(place.position), in: pickle,
            derived: derivedStepIds[Int(place.slot)])
    }
}

extension RunIndex {
    /// An attempt's pickle as the index keeps it — its steps maybe without their AST node ids, so read them
    /// through `stepTexts(of:)`, not `lineage(of: PickleStep)` — for a report that prints each pickle once:
    /// no copy of it is made.
    package func storedPickle(of attempt: Attempt) -> Pickle? {
        testCase(of: attempt).flatMap { pickleSlot(id: $0.pickleId) }.map { pickleStore[$0] }
    }

    /// The finished test steps of an attempt, in order, with their outcomes and what a report prints of each
    /// (`text(of:)`): the test case and its pickle walked side by side, no lookup per step.
    func stepTexts(of attempt: Attempt) -> [(step: TestStep, finished: StepOutcome, text: StepText?)] {
        guard let testCase = testCase(of: attempt) else { return [] }
        let slot = pickleSlot(id: testCase.pickleId)
        let pickle = slot.map { pickleStore[$0] }
        let derived = slot.map { derivedStepIds[$0] } ?? false
        var result: [(step: TestStep, finished: StepOutcome, text: StepText?)] = []
        result.reserveCapacity(testCase.testSteps.count)
        // One lookup of the scenario for all its steps.
        let scenario = pickle.flatMap { lineage(of: $0) }
        var next = 0
        for (position, step) in testCase.testSteps.enumerated() {
            guard let finished = attempt.outcome(at: position) else { continue }
            guard let pickleStepId = step.pickleStepId else { result.append((step, finished, nil)); continue }
            if let pickle, next < pickle.steps.count, pickle.steps[next].id == pickleStepId {
                result.append((step, finished, text(of: pickle.steps[next], at: next, scenario: scenario, derived: derived)))
                next += 1
            } else {
                result.append((step, finished, text(of: step)))
            }
        }
        return result
    }
}

/// One pickle as a document report walks it: the pickle as the index keeps it (no copy, no AST node ids put back),
/// its lineage, and the runs of Gherkin steps its steps come from — looked up once per pickle, so printing each
/// of its steps needs no lookup (`RunIndex.text(of:)` looks up the step's place and its scenario per step).
package struct PickleView {
    package let slot: Int
    private let index: RunIndex
    /// The pickle's steps as stored: read their Gherkin steps through `gherkinStep(at:)`.
    package let steps: [PickleStep]
    package let lineage: Lineage?
    private let runs: StepRuns?
    /// The steps were kept without their AST node ids (see `RunIndex.compact`).
    private let derived: Bool
    /// Where the next test step's pickle step is looked for first.
    private var next = 0

    package init(index: RunIndex, slot: Int) {
        self.slot = slot
        self.index = index
        steps = index.pickleStore[slot].steps
        lineage = index.lineage(ofPickleNodes: index.pickleStore[slot].astNodeIds)
        runs = lineage?.stepRuns
        derived = index.derivedStepIds[slot]
    }

    /// The pickle's own fields, read in place (no copy of the pickle).
    package var uri: String { index.pickleStore[slot].uri }
    package var name: String { index.pickleStore[slot].name }
    package var tags: [PickleTag] { index.pickleStore[slot].tags }
    package var line: Int? { index.pickleStore[slot].location?.line }

    /// The Gherkin step of the pickle step at `position` (as `RunIndex.lineage(of:at:scenario:derived:)` finds
    /// it): its index in the document tree's steps and whether it is a background's.
    func gherkinStep(at position: Int) -> (index: Int, background: Bool)? {
        guard let id = steps[position].astNodeIds.first else { return derived ? runs?.step(position: position) : nil }
        return runs?.step(id: id, position: position)
    }

    /// The keyword a report prints for the pickle step at `position` (`StepText.keyword`).
    package func keyword(at position: Int) -> String {
        guard let runs, let found = gherkinStep(at: position) else { return "* " }
        return runs.tree.steps.all[found.index].keyword
    }

    /// How many of the pickle's first steps come from a Background.
    package var backgroundStepCount: Int {
        var count = 0
        while count < steps.count, gherkinStep(at: count)?.background == true { count += 1 }
        return count
    }

    /// The position in the pickle of the pickle step a test step runs, when it is the one after the last found
    /// (test steps run their pickle's steps in order); nil otherwise — `RunIndex.text(of:)` finds it then.
    package mutating func position(of pickleStepId: String) -> Int? {
        guard next < steps.count, steps[next].id == pickleStepId else { return nil }
        next += 1
        return next - 1
    }
}

extension RunIndex {
    /// The lineage of a pickle with these AST node ids (`lineage(of: Pickle)`, without the pickle).
    package func lineage(ofPickleNodes ids: [String]) -> Lineage? {
        guard let last = ids.last else { return nil }
        return nodes[id: last] ?? ids.first.flatMap { nodes[id: $0] }
    }

    /// The text of a pickle step (without making the step again).
    func pickleStepText(_ id: String) -> String? {
        guard let place = pickleStepPlaces.place(of: id, in: pickleStore) else { return nil }
        return pickleStore[Int(place.slot)].steps[Int(place.position)].text
    }

    /// A pickle step by id.
    package func pickleStep(_ id: String) -> PickleStep? {
        guard let place = pickleStepPlaces.place(of: id, in: pickleStore) else { return nil }
        let pickle = pickleStore[Int(place.slot)]
        var step = pickle.steps[Int(place.position)]
        if derivedStepIds[Int(place.slot)] { step.astNodeIds = derivedIds(at: Int(place.position), of: pickle) ?? [] }
        return step
    }
}
