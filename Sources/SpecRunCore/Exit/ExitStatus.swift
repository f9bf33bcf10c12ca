import Messages

/// The exit status as a listener of the run's one stream (as cucumber-jvm does): whatever the source — this
/// process, worker processes, saved files merged by `specrun report --exit-status` — the same envelopes give the
/// same code. The one fold of a stream into a code: `specrun` and `specrun report` both use it.
package final class ExitStatus {
    private var unparsable = false
    /// Whether any feature file parsed (the unparsable ones are then some, not all).
    private var parsed = false
    private var selected = false
    private var success: Bool?
    private var runHookFailed = false
    private let gate: Gate?

    /// `--gate`: the release gate's fold of the same stream (`ReleaseGateFold` in the reports), `blocked` nil when
    /// the run marks no criterion must or should.
    package struct Gate {
        package let handle: (Envelope) -> Void
        package let blocked: () -> Bool?

        package init(handle: @escaping (Envelope) -> Void, blocked: @escaping () -> Bool?) {
            self.handle = handle
            self.blocked = blocked
        }
    }

    package init(gate: Gate? = nil) { self.gate = gate }

    package func handle(_ envelope: Envelope) {
        gate?.handle(envelope)
        if envelope.isParseError { unparsable = true }
        if envelope.kind == .gherkinDocument { parsed = true }
        if envelope.isTestCase { selected = true }
        if let hook = envelope.testRunHookFinished, hook.result.status != .passed, hook.result.status != .skipped {
            runHookFailed = true
        }
        if let finished = envelope.testRunFinished { success = (success ?? true) && finished.success }
    }

    package var unparsableFiles: Bool { unparsable }
    /// Whether some feature file parsed, beside any that did not.
    package var parsedFiles: Bool { parsed }
    /// No test case, and no BeforeAll/AfterAll that failed either (a failing BeforeAll stops the run before its
    /// test cases: that is a failure to report, not "no scenario matched").
    package var nothingSelected: Bool { !selected && !runHookFailed }

    /// 0 passed, 1 failed (or no testRunFinished at all), 3 unparsable feature files, 4 nothing selected. With
    /// `--gate` and marked criteria, failing scenarios give 1 only when the gate is blocked (a must criterion not
    /// proven) and 0 when only should-criteria fail; a failed run hook or a stream that did not finish still gives 1.
    package var code: ExitCode {
        var success = self.success ?? false
        if let gate, self.success != nil, !runHookFailed, let blocked = gate.blocked() { success = !blocked }
        return ExitCode(success: success, unparsable: unparsable, nothingSelected: nothingSelected)
    }
}
