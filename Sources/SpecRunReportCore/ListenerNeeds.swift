/// What the reports asked for need of a run's messages beyond what every report reads, worked out from their
/// formats in one place: the runner (which messages it forwards), the workers (what they send) and the run's
/// index (what it keeps) read these answers rather than each testing format names.
package struct ListenerNeeds: Sendable, Equatable {
    /// The message stream as the run made it: every `testStepStarted`, the sources and the workers' messages
    /// byte for byte (only the `message` report writes them; every other report reads the steps' results).
    package var messageStream: Bool
    /// The test steps' match arguments (the `json` and `html` reports print them; the index drops them otherwise).
    package var stepArguments: Bool

    package init(messageStream: Bool = false, stepArguments: Bool = false) {
        self.messageStream = messageStream
        self.stepArguments = stepArguments
    }

    /// What these formats need together.
    package init(formats: some Sequence<ReportFormat>) {
        self.init()
        for format in formats {
            switch format {
            case .message: messageStream = true
            case .json, .html, .htmlSite: stepArguments = true
            case .pretty, .progress, .summary, .junit, .rerun, .usage, .usageJSON, .github, .requirements, .requirementsJSON, .history,
                .status:
                break
            }
        }
    }
}
