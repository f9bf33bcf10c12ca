import Messages

extension RunIndex {
    /// The most severe step outcome of an attempt (the first of equally severe ones), as `worstResult(of:)` finds
    /// it, compared by status: no `TestStepResult` is made for each step (a report asks it of every attempt).
    package func worstOutcome(of attempt: Attempt) -> StepOutcome? {
        guard let count = record(of: attempt)?.testCase.testSteps.count else { return nil }
        var worst: StepOutcome?
        for position in 0..<min(count, attempt.results.outcomes.count) {
            guard let outcome = attempt.results.outcomes[position] else { continue }
            if worst.map({ outcome.status > $0.status }) ?? true { worst = outcome }
        }
        return worst
    }
}

extension RunIndex {
    /// The status of an attempt as `status(of:)` works it out (its most severe step's; PASSED for a test case
    /// without steps, UNKNOWN for one that has not finished), from `worstOutcome(of:)`: for a report that asks it
    /// once per attempt.
    package func outcomeStatus(of attempt: Attempt) -> TestStepResultStatus {
        Self.unfinishedIsUnknown(
            worstOutcome(of: attempt)?.status, finished: attempt.finished != nil,
            hasSteps: testCase(of: attempt)?.testSteps.isEmpty == false)
    }
}

extension RunIndex {
    /// Works out the status of every finished attempt now (`status(of:)` keeps it when first asked): reports
    /// finished on several threads then only read it. (Almost always kept already, when the attempt finished.)
    package func settleStatuses() {
        for attempt in attemptList where attempt.finished != nil { _ = status(of: attempt) }
    }

    /// The most severe result of an attempt's steps, straight from its outcomes (the summary asks this of every
    /// attempt, and `results(of:)` copies every test step).
    func worstResult(of attempt: Attempt) -> TestStepResult? {
        guard let count = testCase(of: attempt)?.testSteps.count else { return nil }
        var worst: TestStepResult?
        for outcome in attempt.results.outcomes.prefix(count) {
            guard let result = outcome?.testStepResult else { continue }
            if worst.map({ result.status > $0.status }) ?? true { worst = result }
        }
        return worst
    }
}
