import Messages

/// The exit status of the run a merged message stream describes, as `specrun` itself would have exited: the same
/// `ExitStatus` listener the run uses (one source of truth: 1 when it did not succeed or a BeforeAll/AfterAll
/// failed, 3 when a feature file could not be parsed, 4 when it ran no test case, else 0). A stream with no run
/// in it at all (the output of `specrun gherkin`) is judged by its parse errors and test cases alone.
struct MergedRunStatus {
    private let status: ExitStatus
    private var sawRun = false

    /// `gate`: `specrun report --gate`, the release gate's fold of the merged stream.
    init(gate: ExitStatus.Gate? = nil) { status = ExitStatus(gate: gate) }

    mutating func observe(_ envelope: Envelope) {
        status.handle(envelope)
        if envelope.testRunFinished != nil || envelope.testRunStarted != nil { sawRun = true }
    }

    var exitCode: ExitCode {
        if !sawRun && status.nothingSelected { return status.unparsableFiles ? .unparsable : .nothingSelected }
        return status.code
    }
}
