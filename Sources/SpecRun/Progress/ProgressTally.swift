import Messages

/// What the live progress line counts, read from the run's envelopes only: the scenarios planned (test cases),
/// those finished (a retried attempt is not finished), those that failed, and how long each was expected to take.
struct ProgressTally: Equatable {
    /// Test cases planned so far (all of them once the run has started its first).
    private(set) var total = 0
    /// Scenarios finished (their last attempt).
    private(set) var done = 0
    private(set) var failed = 0
    /// Each scenario's expected seconds by `uri:line` (the run history's last run); nil: none known.
    private let expected: [String: Double]
    private var pickleKeys: [String: String] = [:]
    private var testCaseKeys: [String: String] = [:]
    /// The test case and the worst status so far of each attempt running.
    private var attempts: [String: (testCase: String, failed: Bool)] = [:]
    private var expectedTotal = 0.0
    private var expectedDone = 0.0
    private var knownCount = 0
    private var knownSum = 0.0
    private var unknownTotal = 0
    private var unknownDone = 0

    init(expected: [String: Double] = [:]) { self.expected = expected }

    static func == (lhs: ProgressTally, rhs: ProgressTally) -> Bool {
        (lhs.total, lhs.done, lhs.failed) == (rhs.total, rhs.done, rhs.failed)
    }

    mutating func handle(_ envelope: Envelope) {
        if let pickle = envelope.pickle {
            pickleKeys[pickle.id] = "\(pickle.uri):\(pickle.location?.line ?? 0)"
        } else if let testCase = envelope.testCase {
            total += 1
            let key = pickleKeys[testCase.pickleId] ?? ""
            testCaseKeys[testCase.id] = key
            if let seconds = expected[key] {
                expectedTotal += seconds
                knownCount += 1
                knownSum += seconds
            } else {
                unknownTotal += 1
            }
        } else if let started = envelope.testCaseStarted {
            attempts[started.id] = (started.testCaseId, false)
        } else if let step = envelope.testStepFinished {
            let status = step.testStepResult.status
            if status == .failed || status == .ambiguous { attempts[step.testCaseStartedId]?.failed = true }
        } else if let finished = envelope.testCaseFinished {
            guard let attempt = attempts.removeValue(forKey: finished.testCaseStartedId), !finished.willBeRetried else { return }
            done += 1
            if attempt.failed { failed += 1 }
            if let seconds = expected[testCaseKeys[attempt.testCase] ?? ""] {
                expectedDone += seconds
            } else {
                unknownDone += 1
            }
        }
    }

    /// The seconds left, from the time spent so far: the rate of the finished scenarios applied to those left,
    /// each weighed by its duration in the run history (the mean of the known ones when it has none; all alike
    /// without a history). Nil until a scenario has finished, or when none is left.
    func secondsLeft(elapsed: Double) -> Double? {
        guard done > 0, done < total else { return nil }
        let mean = knownCount > 0 ? knownSum / Double(knownCount) : 1
        let weightDone = expectedDone + Double(unknownDone) * mean
        let weightAll = expectedTotal + Double(unknownTotal) * mean
        guard weightDone > 0 else { return elapsed / Double(done) * Double(total - done) }
        return max(0, elapsed * (weightAll - weightDone) / weightDone)
    }
}
