import Messages

extension Pickle {
    /// The same pickle with each step's text shared with the earlier steps of the same text (`pool`) and its steps
    /// in an array of their exact size: a worker keeps every selected pickle for the run (50,000 of them, 350,000
    /// steps saying a few hundred different things, in a large suite). Texts of up to 15 bytes are stored inline
    /// in the string itself and are left alone.
    func sharingStepTexts(in pool: inout Set<String>) -> Pickle {
        var pickle = self
        var steps: [PickleStep] = []
        steps.reserveCapacity(self.steps.count)
        for var step in self.steps {
            if step.text.utf8.count > 15 { step.text = pool.shared(step.text) }
            steps.append(step)
        }
        pickle.steps = steps
        return pickle
    }
}
