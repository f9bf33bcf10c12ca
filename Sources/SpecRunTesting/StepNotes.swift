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
    /// The snippet suggested for each undefined pickle step (its `suggestion` comes before its step's end).
    private var snippets: [String: String] = [:]

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
        if let suggestion = envelope.suggestion, let code = suggestion.snippets.first?.code {
            snippets[suggestion.pickleStepId] = code
        }
        if let finished = envelope.testStepFinished, ![.passed, .skipped].contains(finished.testStepResult.status) {
            let pickleStepId = testSteps[finished.testStepId]
            let step = pickleStepId.flatMap { pickleSteps[$0] }
            let status = finished.testStepResult.status.rawValue
            var message = finished.testStepResult.message.map { "\n\($0)" } ?? ""
            // An undefined step with the snippet that defines it, as the console prints it.
            if finished.testStepResult.status == .undefined, let code = pickleStepId.flatMap({ snippets[$0] }) {
                message += Self.implement(code)
            }
            problems.append(
                Problem(
                    message: "\(status): \(step?.text ?? "a hook")\(message)", file: step?.uri ?? "",
                    line: step.flatMap { nodeLines[$0.node] } ?? 1))
        }
    }

    private static func implement(_ code: String) -> String { "\nImplement it with this step definition:\n\(code)" }
}
