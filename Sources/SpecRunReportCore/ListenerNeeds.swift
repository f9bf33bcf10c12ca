/// What the reports asked for need of a run's messages beyond what every report reads, worked out from their
/// formats in one place: the runner (which messages it forwards), the workers (what they send) and the run's
/// index (what it keeps) read these answers rather than each testing format names.
package struct ListenerNeeds: Sendable, Equatable {
    /// The message stream as the run made it: every `testStepStarted`, the sources and the workers' messages
    /// byte for byte (only the `message` report writes them; every other report reads the steps' results).
    package var messageStream: Bool
    /// The test steps' match arguments (the `json` and `html` reports print them; the index drops them otherwise).
    package var stepArguments: Bool
    /// The test steps of a passed or skipped test case (every step of a dry run is skipped), and its pickle's steps,
    /// once every report handled its `testCaseFinished`: the reports written at the end (and the status card, the
    /// history, the usage) read every scenario's steps then; the console reports (`pretty`, `progress`, `summary`)
    /// print such a scenario as it finishes and count its steps, and `rerun` lists only the failed, undefined,
    /// pending and ambiguous ones, by their pickle's line. Without it the index lets them go
    /// (`RunIndex.keepsPassedSteps`).
    package var passedSteps: Bool
    /// The Gherkin scenarios' own tags in the run's documents: the `html` reports write them for each scenario;
    /// every other report reads a pickle's tags (or the feature's and rules'). Without it the index keeps the
    /// documents' scenarios without their tags (`RunIndex.keepsScenarioTags`).
    package var scenarioTags: Bool
    /// A passed step's own duration and times: every report but the console ones (`pretty`, `progress`,
    /// `summary`: a passed step's status, the run's duration from its start and end) and `rerun`. Without it a
    /// worker sends one line for the steps that passed in a row (`WorkerConfiguration.collapsesPassedSteps`), the
    /// supervisor says the last of them, and the run's index takes those before it as passed, each taking no time
    /// (`RunIndex.stepsUnsaid`). The same goes for a skipped step of a test case none of whose code runs (a dry
    /// run): the run in this process says the last of the skipped steps in a row (`SpecRunner.collapsesSkippedSteps`).
    package var passedStepTimes: Bool

    package init(
        messageStream: Bool = false, stepArguments: Bool = false, passedSteps: Bool = false, scenarioTags: Bool = false,
        passedStepTimes: Bool = false
    ) {
        self.messageStream = messageStream
        self.stepArguments = stepArguments
        self.passedSteps = passedSteps
        self.scenarioTags = scenarioTags
        self.passedStepTimes = passedStepTimes
    }

    /// What these formats need together.
    package init(formats: some Sequence<ReportFormat>) {
        self.init()
        for format in formats {
            switch format {
            case .message:
                messageStream = true
                passedStepTimes = true
            case .json:
                stepArguments = true
                passedSteps = true
                passedStepTimes = true
            case .html, .htmlSite:
                stepArguments = true
                passedSteps = true
                scenarioTags = true
                passedStepTimes = true
            case .junit, .usage, .usageJSON, .github, .requirements, .requirementsJSON, .history, .status:
                passedSteps = true
                passedStepTimes = true
            case .pretty, .progress, .summary, .rerun: break
            }
        }
    }
}
