import Messages

// What the reports print of a step, looked up in the run index.
extension RunIndex {
    /// What a report prints of a test step of `pickle`'s test case (one lookup less: the pickle is at hand).
    func text(of step: TestStep, in pickle: Pickle) -> StepText? {
        guard let pickleStepId = step.pickleStepId, let place = pickleStepPlaces.place(of: pickleStepId, in: pickleStore) else { return nil }
        let position = Int(place.position)
        guard position < pickle.steps.count, pickle.steps[position].id == pickleStepId else { return text(of: step) }
        return text(of: pickle.steps[position], at: position, in: pickle)
    }

    private func text(of pickleStep: PickleStep, at position: Int, in pickle: Pickle, derived: Bool = false) -> StepText {
        let summary = lineage(of: pickleStep, at: position, in: pickle, derived: derived)?.stepSummary
        return StepText(keyword: summary?.keyword ?? "* ", text: pickleStep.text, line: summary?.lineNumber,
                        argument: pickleStep.argument)
    }

    /// What a report prints of a test step that runs a pickle step: its keyword, text, line and argument.
    func text(of step: TestStep) -> StepText? {
        guard let pickleStepId = step.pickleStepId, let place = pickleStepPlaces.place(of: pickleStepId, in: pickleStore) else { return nil }
        let pickle = pickleStore[Int(place.slot)]
        return text(of: pickle.steps[Int(place.position)], at: Int(place.position), in: pickle,
                    derived: derivedStepIds[Int(place.slot)])
    }
}
