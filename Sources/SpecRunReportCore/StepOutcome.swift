import Messages

/// What a finished test step recorded, kept small: the status and duration inline, the message and
/// exception (rare: failures) in a shared box. Reads back as the `TestStepResult` it came from.
package struct StepOutcome {
    private final class Details {
        let message: String?
        let exception: Exception?
        init(message: String?, exception: Exception?) {
            self.message = message
            self.exception = exception
        }
    }

    private let nanos: Int64
    package let status: TestStepResultStatus
    private let details: Details?

    init(_ result: TestStepResult) {
        nanos = result.duration.totalNanos
        status = result.status
        details = result.message == nil && result.exception == nil ? nil : Details(message: result.message, exception: result.exception)
    }

    private init(_ status: TestStepResultStatus, nanos: Int64) {
        self.nanos = nanos
        self.status = status
        details = nil
    }

    /// A step that passed, taking no time: what a step the stream left unsaid before a passed one is
    /// (`RunIndex.stepsUnsaid`).
    static var passedUnsaid: StepOutcome { StepOutcome(.passed, nanos: 0) }
    /// A step skipped, without a message: what a step the stream left unsaid before a skipped one is (a run in which
    /// no code runs says the last of its skipped steps in a row, `SpecRunner.collapsesSkippedSteps`).
    static var skippedUnsaid: StepOutcome { StepOutcome(.skipped, nanos: 0) }

    /// The duration in nanoseconds (`testStepResult.duration`, without making the result).
    package var durationNanos: Int64 { nanos }

    /// Whether the result has a message or an exception.
    package var hasDetails: Bool { details != nil }

    package var testStepResult: TestStepResult {
        let seconds = nanos >= 0 ? nanos / 1_000_000_000 : (nanos - 999_999_999) / 1_000_000_000
        return TestStepResult(
            duration: Messages.Duration(seconds: Int(seconds), nanos: Int(nanos - seconds * 1_000_000_000)),
            message: details?.message, status: status, exception: details?.exception)
    }
}
