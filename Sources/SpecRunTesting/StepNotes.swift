import Messages

/// What a failing step says: its text, status, message and line, from the run's envelopes.
struct StepNotes: Sendable {
    struct Problem: Sendable {
        var message: String
        /// The feature file, relative to the features' root folder's parent (`Features/a.feature`); empty: none.
        var file: String
        var line: Int
    }

    var problems: [Problem] = []
    private var pickleSteps: [String: (text: String, node: String, uri: String)] = [:]
    private var testSteps: [String: String] = [:]
    private var nodeLines: [String: Int] = [:]

    mutating func handle(_ envelope: Envelope) {
        if let document = envelope.gherkinDocument {
            for (id, location) in document.stepLocations { nodeLines[id] = Int(location.line) }
        }
        if let pickle = envelope.pickle {
            for step in pickle.steps { pickleSteps[step.id] = (step.text, step.astNodeIds.first ?? "", pickle.uri) }
        }
        if let testCase = envelope.testCase {
            for step in testCase.testSteps { testSteps[step.id] = step.pickleStepId ?? "" }
        }
        if let error = envelope.parseError {
            problems.append(
                Problem(
                    message: "parse error: \(error.message)", file: error.source.uri ?? "",
                    line: Int(error.source.location?.line ?? 1)))
        }
        if let finished = envelope.testStepFinished, ![.passed, .skipped].contains(finished.testStepResult.status) {
            let step = testSteps[finished.testStepId].flatMap { pickleSteps[$0] }
            let status = finished.testStepResult.status.rawValue
            let message = finished.testStepResult.message.map { "\n\($0)" } ?? ""
            problems.append(
                Problem(
                    message: "\(status): \(step?.text ?? "a hook")\(message)", file: step?.uri ?? "",
                    line: step.flatMap { nodeLines[$0.node] } ?? 1))
        }
    }
}
