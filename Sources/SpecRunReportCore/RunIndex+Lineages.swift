import Messages

// Where a pickle and its steps come from in the Gherkin documents, and an attempt's finished steps.
extension RunIndex {
    /// The lineage of a pickle: its scenario, and for outlines its examples and row.
    package func lineage(of pickle: Pickle) -> Lineage? {
        guard let last = pickle.astNodeIds.last else { return nil }
        return nodes[id: last] ?? pickle.astNodeIds.first.flatMap { nodes[id: $0] }
    }

    /// The Gherkin step (with its background when it comes from one) of a pickle step.
    package func lineage(of step: PickleStep) -> Lineage? {
        guard let place = pickleStepPlaces.place(of: step.id, in: pickleStore) else { return nil }
        let slot = Int(place.slot)
        return lineage(of: step, at: Int(place.position), in: pickleStore[slot], derived: derivedStepIds[slot])
    }

    /// The same, for the pickle step at `position` of `pickle`: found through its scenario (see `Lineage.step`);
    /// by position alone for a pickle kept without its steps' AST node ids (`derived`).
    package func lineage(of step: PickleStep, at position: Int, in pickle: Pickle, derived: Bool = false) -> Lineage? {
        lineage(of: step, at: position, scenario: lineage(of: pickle), derived: derived)
    }

    /// The same, with the pickle's own lineage (its scenario's or row's) already looked up: a report printing a
    /// scenario's steps looks it up once for all of them.
    package func lineage(of step: PickleStep, at position: Int, scenario: Lineage?, derived: Bool) -> Lineage? {
        guard let id = step.astNodeIds.first else {
            return derived ? scenario?.step(position: position)?.lineage : nil
        }
        return scenario?.step(id: id, position: position)
    }

    /// The test steps of an attempt that finished, with their results, in the test case's order.
    package func results(of attempt: Attempt) -> [(step: TestStep, finished: StepOutcome)] {
        guard let testCase = testCase(of: attempt) else { return [] }
        return testCase.testSteps.enumerated().compactMap { position, step in attempt.outcome(at: position).map { (step, $0) } }
    }

    /// Each test step of an attempt that finished, with its outcome, in order (`results(of:)` without the array).
    package func forEachOutcome(of attempt: Attempt, _ body: (TestStep, StepOutcome) -> Void) {
        guard let steps = record(of: attempt)?.testCase.testSteps else { return }
        for position in steps.indices {
            if let outcome = attempt.outcome(at: position) { body(steps[position], outcome) }
        }
    }
}
