import Messages

/// What the run as a whole says beyond its test cases: a run that did not finish, a stream in doubt, a failing
/// BeforeAll/AfterAll hook. Every report shows these (JUnit as error test cases, the HTML as a banner, the
/// console in its closing lines), so no report is green where the run was not.
package enum RunProblemType {
    /// The exception type of a testRunFinished that `specrun report` (or a merger) wrote for a stream that ended
    /// before its own testRunFinished.
    package static let incomplete = "Incomplete"
    /// The exception type of a testRunFinished marked unsuccessful because the stream contradicts itself
    /// (duplicate ids, references to envelopes it does not have).
    package static let inconsistentStream = "InconsistentStream"
}

extension RunIndex {

    /// Why the reports cannot be read as a whole finished run, one sentence, or nil when they can: the run did not
    /// finish, or its stream contradicts itself.
    package var incompleteReason: String? {
        if runFinished.isEmpty, !runStarted.isEmpty {
            return "The run did not finish: the message stream ends without testRunFinished. These results are partial."
        }
        for finished in runFinished {
            guard let exception = finished.exception else { continue }
            if exception.type == RunProblemType.incomplete {
                return "The run did not finish (\(exception.message ?? "no testRunFinished")). These results are partial."
            }
            if exception.type == RunProblemType.inconsistentStream {
                return "The message stream contradicts itself (\(exception.message ?? "")). These results are in doubt."
            }
        }
        return nil
    }

    /// The BeforeAll/AfterAll hook runs that did not pass, with their hook when known.
    package var failedRunHooks: [(finished: TestRunHookFinished, hook: Hook?)] {
        runHookFinished.filter { $0.result.status != .passed && $0.result.status != .skipped }.map { finished in
            (finished, runHookStarted[finished.testRunHookStartedId].flatMap { hooks[$0.hookId] })
        }
    }

    /// `BeforeAll hook "name" (uri:line)`: how reports name a run-level hook.
    package func runHookLabel(_ hook: Hook?) -> String {
        var label = TerminalText.hookLabel(hook)
        if let reference = hook?.sourceReference, let location = location(of: reference) { label += " (\(location))" }
        return label
    }

    /// Whether the run failed for a reason no test case, hook or parse error shows (a stream in doubt, a run
    /// that ended with an exception of its own): the message to show for it.
    package func unexplainedRunFailure(failedAttempts: Int) -> String? {
        guard success == false, failedAttempts == 0, failedRunHooks.isEmpty, parseErrors.isEmpty else { return nil }
        guard let finished = runFinished.first(where: { !$0.success }) else { return nil }
        if let exception = finished.exception, exception.type != RunProblemType.incomplete {
            return exception.type + (exception.message.map { ": \($0)" } ?? "")
        }
        return finished.exception == nil ? (finished.message ?? "the run did not succeed") : nil
    }
}
