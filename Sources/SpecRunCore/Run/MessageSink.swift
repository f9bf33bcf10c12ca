import Messages

/// Where a test case's run sends its messages. `emit` receives every envelope but the four a run sends for each
/// of its steps and around them, which come as their fields: a sink that writes them in a form of its own (a
/// worker's compact lines) makes no envelope for them. The defaults make the envelope and `emit` it.
public protocol MessageSink {
    func emit(_ envelope: Envelope)
    func testCaseStarted(attempt: Int, id: String, testCaseId: String, timestamp: Timestamp)
    func testStepStarted(testCaseStartedId: String, testStepId: String, timestamp: Timestamp)
    func testStepFinished(testCaseStartedId: String, testStepId: String, result: TestStepResult, timestamp: Timestamp)
    func testCaseFinished(testCaseStartedId: String, timestamp: Timestamp, willBeRetried: Bool)
    func suggestion(_ suggestion: Suggestion)
    /// The limit of the steps and hooks that start from now on (nil: the run's `--timeout` again), said before
    /// the first step it applies to. Returns whether the sink enforces it (a worker's watchdog and its
    /// supervisor); when not, the runner races the step against it in this process.
    func limit(_ limit: StepLimit?) -> Bool
}

extension MessageSink {
    public func limit(_ limit: StepLimit?) -> Bool { false }

    public func testCaseStarted(attempt: Int, id: String, testCaseId: String, timestamp: Timestamp) {
        emit(Envelope(testCaseStarted: TestCaseStarted(attempt: attempt, id: id, testCaseId: testCaseId, timestamp: timestamp)))
    }

    public func testStepStarted(testCaseStartedId: String, testStepId: String, timestamp: Timestamp) {
        emit(
            Envelope(
                testStepStarted: TestStepStarted(
                    testCaseStartedId: testCaseStartedId, testStepId: testStepId,
                    timestamp: timestamp)))
    }

    public func testStepFinished(testCaseStartedId: String, testStepId: String, result: TestStepResult, timestamp: Timestamp) {
        emit(
            Envelope(
                testStepFinished: TestStepFinished(
                    testCaseStartedId: testCaseStartedId, testStepId: testStepId,
                    testStepResult: result, timestamp: timestamp)))
    }

    public func testCaseFinished(testCaseStartedId: String, timestamp: Timestamp, willBeRetried: Bool) {
        emit(
            Envelope(
                testCaseFinished: TestCaseFinished(
                    testCaseStartedId: testCaseStartedId, timestamp: timestamp,
                    willBeRetried: willBeRetried)))
    }

    public func suggestion(_ suggestion: Suggestion) {
        emit(Envelope(suggestion: suggestion))
    }
}

/// A sink that is a closure receiving every envelope.
struct EnvelopeSink: MessageSink {
    let send: (Envelope) -> Void
    /// Whether a step's start is sent (`SpecRunner.sendsStepStarts`).
    var stepStarts = true

    func emit(_ envelope: Envelope) { send(envelope) }

    func testStepStarted(testCaseStartedId: String, testStepId: String, timestamp: Timestamp) {
        guard stepStarts else { return }
        send(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: testCaseStartedId, testStepId: testStepId, timestamp: timestamp)))
    }
}
