import Messages

extension Supervisor {
    /// The tally of what the run comes to: each worker's own end (`testRunFinished`, or the failed one made for it), the
    /// result of every test case as it enters the stream, the crashes and timeouts of test cases, the interruption —
    /// folded into the one `testRunFinished` of the stream. The exit status (`ExitStatus`) reads that, the summary
    /// and every report read the same stream: one tally, so they cannot disagree.
    struct Tally {
        private(set) var crashCount = 0
        private(set) var timeoutCount = 0
        /// The signal (Ctrl-C or SIGTERM) that interrupted specrun, the first one.
        private(set) var interruptedBy: Int32?
        /// When it reached the supervisor (monotonic ns), for the workers' grace.
        private(set) var interruptedAt: UInt64?
        private var runs: [TestRunFinished] = []
        /// The test cases of the stream whose last attempt failed (as `passes` reads its worst step), repaired
        /// ones included: the run succeeds only when there are none, whatever a worker's own end said.
        private(set) var failedCases = 0

        /// A test case's last attempt entered the stream.
        mutating func caseEnded(passed: Bool) { if !passed { failedCases += 1 } }

        /// A worker's end, as it reported it or as the supervisor made it for a worker that died in it.
        mutating func add(_ run: TestRunFinished) { runs.append(run) }

        /// A worker died: a crash, a timeout, or neither (an interruption).
        mutating func count(_ cause: Failure) {
            if cause.timedOut != nil { timeoutCount += 1 } else if !cause.interrupted { crashCount += 1 }
        }

        /// Ctrl-C or SIGTERM reached specrun (the first signal and time are kept).
        mutating func interrupt(by signal: Int32, at time: @autoclosure () -> UInt64) {
            if interruptedBy == nil { interruptedBy = signal }
            if interruptedAt == nil { interruptedAt = time() }
        }

        /// Whether a run that lost this many workers may start another: at most `limit` crashes and timeouts.
        func allowsRestart(limit: Int) -> Bool { crashCount + timeoutCount <= limit }

        /// The run's one `testRunFinished`: it succeeded when every worker's did, none crashed, timed out or was
        /// interrupted; the first message and exception said; the latest time (`now` when no worker ended).
        func finished(testRunStartedId: String?, now: () -> Timestamp) -> TestRunFinished {
            var success =
                runs.allSatisfy(\.success) && failedCases == 0 && crashCount == 0 && timeoutCount == 0 && interruptedBy == nil
            if runs.isEmpty { success = false }
            var message = runs.compactMap(\.message).first
            var exception = runs.compactMap(\.exception).first
            if let interruptedBy, message == nil {
                message = "the run was interrupted (signal \(interruptedBy)); the results so far are reported"
                exception = Exception(type: "Interrupted", message: message)
            }
            let latest = runs.map(\.timestamp).max { ($0.seconds, $0.nanos) < ($1.seconds, $1.nanos) } ?? now()
            return TestRunFinished(
                message: message, success: success, timestamp: latest, exception: exception,
                testRunStartedId: testRunStartedId)
        }
    }
}
