import Messages

/// The exit status as a listener of the run's one stream (as cucumber-jvm does): whatever the source — this
/// process, worker processes, saved files merged by `specrun report --exit-status` — the same envelopes give the
/// same code. The one fold of a stream into a code: `specrun` and `specrun report` both use it.
package final class ExitStatus {
    private var unparsable = false
    private var selected = false
    private var success: Bool?
    private var runHookFailed = false

    package init() {}

    package func handle(_ envelope: Envelope) {
        if envelope.isParseError { unparsable = true }
        if envelope.isTestCase { selected = true }
        if let hook = envelope.testRunHookFinished, hook.result.status != .passed, hook.result.status != .skipped {
            runHookFailed = true
        }
        if let finished = envelope.testRunFinished { success = (success ?? true) && finished.success }
    }

    package var unparsableFiles: Bool { unparsable }
    /// No test case, and no BeforeAll/AfterAll that failed either (a failing BeforeAll stops the run before its
    /// test cases: that is a failure to report, not "no scenario matched").
    package var nothingSelected: Bool { !selected && !runHookFailed }

    /// 0 passed, 1 failed (or no testRunFinished at all), 3 unparsable feature files, 4 nothing selected.
    package var code: ExitCode {
        ExitCode(success: success ?? false, unparsable: unparsable, nothingSelected: nothingSelected)
    }
}
