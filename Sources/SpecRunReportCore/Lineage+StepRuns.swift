/// The runs of Gherkin steps a pickle of one scenario (or outline row) is made of, looked up once for the
/// pickle: a report printing every step of the run finds each step's Gherkin step by its position, with no
/// lookup and no `Lineage` made per step. Finds what `Lineage.step(id:position:)` and `step(position:)` find.
package struct StepRuns {
    package let tree: DocumentTree
    /// The lineage is placed in the feature (`step(position:)` finds nothing otherwise).
    private let placed: Bool
    /// (start, count) in `tree.steps.all` of the feature's background, the rule's background and the scenario's own
    /// steps; count -1 when there is no such run.
    private let runs: (Int32, Int32, Int32, Int32, Int32, Int32)

    init(tree: DocumentTree, placed: Bool, runs: (Int32, Int32, Int32, Int32, Int32, Int32)) {
        self.tree = tree
        self.placed = placed
        self.runs = runs
    }

    private func run(_ number: Int) -> (start: Int32, count: Int32) {
        switch number {
        case 0: return (runs.0, runs.1)
        case 1: return (runs.2, runs.3)
        default: return (runs.4, runs.5)
        }
    }

    /// The Gherkin step at `position` of a pickle of this scenario, by position alone: its index in
    /// `tree.steps.all`, and whether it is one of a background's steps.
    package func step(position: Int) -> (index: Int, background: Bool)? {
        guard placed else { return nil }
        var offset = position
        for number in 0..<3 {
            let run = run(number)
            guard run.count >= 0 else { continue }
            if offset >= 0 && offset < Int(run.count) {
                let index = Int(run.start) + offset
                guard index < tree.steps.all.count else { return nil }
                return (index, number < 2)
            }
            offset -= Int(run.count)
        }
        return nil
    }

    /// The Gherkin step with id `stepId`, found at `position` and checked by id, or searched for.
    package func step(id stepId: String, position: Int) -> (index: Int, background: Bool)? {
        if let found = step(position: position), tree.steps.all[found.index].id == stepId { return found }
        for number in 0..<3 {
            let run = run(number)
            guard run.count > 0 else { continue }
            let range = Int(run.start)..<Int(run.start + run.count)
            if let index = range.first(where: { $0 < tree.steps.all.count && tree.steps.all[$0].id == stepId }) {
                return (index, number < 2)
            }
        }
        return nil
    }
}

extension Lineage {
    /// The runs of steps of a pickle of this scenario (see `StepRuns`).
    package var stepRuns: StepRuns {
        let feature = tree.steps.backgrounds[-1]
        let rule = ruleChildIndex >= 0 ? tree.steps.backgrounds[childIndex] : nil
        return StepRuns(
            tree: tree, placed: childIndex >= 0,
            runs: (
                feature?.start ?? 0, feature?.count ?? -1, rule?.start ?? 0, rule?.count ?? -1,
                ownSteps.start, ownSteps.count
            ))
    }
}
