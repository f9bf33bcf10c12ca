import Messages

/// A test case none of whose code runs (a dry run, or every step skipped: a failed BeforeFeature hook, fail-fast),
/// in one pass over its steps: the same messages, in the same order, with the same ids and clock readings as
/// `run`'s step loop, without what only running code needs (the step context and its task-local binding, the
/// attachment recorder, the Worlds, the step hooks, the limits' race, the signal and stop checks after each step).
extension TestCaseRunner {
    /// Whether `plan` takes the one pass: nothing of it runs, and no limit applies to it (a limit is said to the
    /// sink before its first step, and an invalid `@timeout:` tag fails the first step of a dry run: `run`'s loop
    /// does both).
    func runsInOnePass(_ plan: TestCasePlan, skipAll: Bool, scenarioLimit: ScopedTimeouts.Scenario) -> Bool {
        guard onePass, dryRun || skipAll, scenarioLimit == .none else { return false }
        for index in plan.steps.indices {
            if case .step(_, .matched(let match)) = plan.steps[index].action, match.definition.code.timeout != nil {
                return false
            }
        }
        return true
    }

    /// `run` for a plan that `runsInOnePass`: every hook and matched step skipped (a matched step whose values do
    /// not fit its closure failed, when `checkArguments`), undefined and ambiguous steps said as such.
    func runInOnePass(
        _ plan: TestCasePlan, attempt: Int, retriesLeft: Bool, startedId: String, to sink: any MessageSink
    ) -> Result {
        let steps = plan.steps
        var worstStatus = TestStepResultStatus.passed
        var stepStatuses: [TestStepResultStatus] = []
        stepStatuses.reserveCapacity(steps.count)
        let zero = Duration(seconds: 0, nanos: 0)
        // A skipped step not said yet (`collapsesSkippedSteps`): said when a step of another status or the test case's
        // end follows; left unsaid when another skipped step does.
        var held: (index: Int, started: Timestamp, result: TestStepResult, finished: Timestamp)?
        func sayHeld() {
            guard let step = held else { return }
            held = nil
            let id = steps[step.index].id
            sink.testStepStarted(testCaseStartedId: startedId, testStepId: id, timestamp: step.started)
            sink.testStepFinished(testCaseStartedId: startedId, testStepId: id, result: step.result, timestamp: step.finished)
        }
        // (Each step read where it is, a field at a time: a copy of a planned step, or of a pickle step, retains
        // each of its fields.)
        for index in steps.indices {
            let stepStarted = now()
            var outcome = CodeOutcome(status: .skipped)
            var suggestion: Suggestion?
            switch steps[index].action {
            case .hook:
                break
            case .step(let position, .undefined):
                let undefined = undefinedStep(at: position, of: plan)
                outcome = undefined.outcome
                suggestion = undefined.suggestion
            case .step(let position, .ambiguous(let matches)):
                outcome = Self.ambiguity(plan.pickle.steps[position], matches, root: root)
            case .step(let position, .matched(let match)):
                if dryRun && checkArguments, let misfit = Self.misfit(match, at: position, of: plan, root: root) {
                    outcome = misfit
                }
            }
            if case .step = steps[index].action { stepStatuses.append(outcome.status) }
            if outcome.status > worstStatus { worstStatus = outcome.status }
            if collapsesSkippedSteps && outcome.status == .skipped {
                held = (index, stepStarted, outcome.result(duration: zero), now())
                continue
            }
            sayHeld()
            // (Its start said once the outcome is known, which sends nothing: the order of the step loop's messages.)
            sink.testStepStarted(testCaseStartedId: startedId, testStepId: steps[index].id, timestamp: stepStarted)
            if let suggestion { sink.suggestion(suggestion) }
            sink.testStepFinished(
                testCaseStartedId: startedId, testStepId: steps[index].id, result: outcome.result(duration: zero),
                timestamp: now())
        }
        sayHeld()
        // (`worst` of no status is passed; of any, the most severe: `.unknown` sorts below passed and never comes.)
        let willBeRetried = retriesLeft && worstStatus == .failed
        sink.testCaseFinished(testCaseStartedId: startedId, timestamp: now(), willBeRetried: willBeRetried)
        return Result(status: worstStatus, stepStatuses: stepStatuses, willBeRetried: willBeRetried)
    }
}
