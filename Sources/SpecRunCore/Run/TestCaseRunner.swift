import Messages

/// Runs one attempt of one test case: a pure function of (plan, registry, clock, ids) producing envelopes,
/// so that scenarios can later run in worker processes and have their streams merged.
struct TestCaseRunner {
    let registry: StepRegistry
    let clock: any RunClock
    let ids: IdGenerator
    let dryRun: Bool
    /// In a dry run, each matched step's values are converted to its closure's parameter types (nothing runs):
    /// a step whose values do not fit fails, as it would when run.
    var checkArguments = false
    /// Source locations in results are made relative to this folder.
    let root: String?
    let snippets: SnippetWriter
    /// "features/a.feature:8" for a pickle step, for stack traces.
    let locate: @Sendable (Pickle, PickleStep) -> String?
    /// `@timeout:` tags and the run's tag timeouts (a step definition's `timeout:` comes first).
    var timeouts = ScopedTimeouts.empty
    /// Told (a line for stderr) when something attaches to a test case that has finished.
    var lateAttachment: (@Sendable (String) -> Void)?
    /// A signal the step raised on its own thread, taken (`SpecRunner.pendingSignal`).
    var pendingSignal: (@Sendable (_ lastOfCase: Bool) -> Int32?)?
    /// The run is to stop: the rest of the scenario is skipped (`SpecRunner.stopRequested`).
    var stopRequested: (@Sendable () -> Bool)?
    /// The run's world parameters, read by the code it runs (`WorldParameters`).
    var worldParameters: [String: String] = [:]
    /// For an undefined step: a definition that matches it in a library scoped to tags this scenario lacks
    /// (`SpecRunner+OutOfScope`), said in the step's result.
    var outOfScope: (@Sendable (String) -> OutOfScopeMatch?)?
    /// A test case none of whose code runs takes one pass over its steps (`runInOnePass`); false: the step loop
    /// below, as when code runs (the tests that compare the two).
    var onePass = true
    /// The one pass says only the last of the skipped steps in a row (`SpecRunner.collapsesSkippedSteps`).
    var collapsesSkippedSteps = false

    struct Result: Equatable {
        /// The worst status of every test step (hooks included).
        var status: TestStepResultStatus
        /// The status of each pickle step, in order.
        var stepStatuses: [TestStepResultStatus]
        var willBeRetried: Bool
    }

    func run(
        _ plan: TestCasePlan, attempt: Int, retriesLeft: Bool, skipAll: Bool = false,
        emit: (Envelope) -> Void
    ) async -> Result {
        await withoutActuallyEscaping(emit) { emit in
            await run(plan, attempt: attempt, retriesLeft: retriesLeft, skipAll: skipAll, to: EnvelopeSink(send: emit))
        }
    }

    /// (`nonisolated(nonsending)`, as are the functions it calls down to the step's closure: a step is a chain of
    /// async calls, and one isolation for all of them costs no executor hop at each call and return.)
    nonisolated(nonsending)
        func run(
            _ plan: TestCasePlan, attempt: Int, retriesLeft: Bool, skipAll: Bool = false,
            to sink: any MessageSink
        ) async -> Result
    {
        let startedId = ids.newId()
        sink.testCaseStarted(attempt: attempt, id: startedId, testCaseId: plan.testCaseId, timestamp: now())
        let tags = plan.tags
        let scenarioLimit = timeouts.scenario(tags: tags)
        if runsInOnePass(plan, skipAll: skipAll, scenarioLimit: scenarioLimit) {
            return runInOnePass(plan, attempt: attempt, retriesLeft: retriesLeft, startedId: startedId, to: sink)
        }
        let worlds = WorldStore()
        let recorder = AttachmentRecorder(clock: clock, worldParameters: worldParameters)
        var state = SkipState(skipAll: skipAll || dryRun)
        var statuses: [TestStepResultStatus] = []
        var stepStatuses: [TestStepResultStatus] = []
        statuses.reserveCapacity(plan.steps.count)
        stepStatuses.reserveCapacity(plan.steps.count)
        let stepHooks = (before: registry.hooks(.beforeStep, for: tags), after: registry.hooks(.afterStep, for: tags))
        // The limit said to the sink last (nil: the run's --timeout), and whether the sink enforces it.
        var announced: StepLimit?
        var enforced = false
        var invalidLimit: String?
        if case .invalid(let message) = scenarioLimit, !skipAll { invalidLimit = message }

        // The worst status so far, kept as the steps finish; the scenario handed to the code changes with it.
        var worstSoFar: TestStepResultStatus?
        recorder.scenario = ScenarioContext(
            name: plan.pickle.name, tags: tags, uri: plan.pickle.uri,
            attempt: attempt, status: .passed)
        let steps = plan.steps
        var index = 0
        while index < steps.count {
            // The step context is bound around the steps that share it (it changes only with the worst status),
            // not around each piece of code: a task-local binding is pushed and popped on the task each time.
            let context = recorder.context
            await StepContext.$current.withValue(context) {
                repeat {
                    let step = steps[index]
                    index += 1
                    let limit = limit(of: step, scenario: scenarioLimit)
                    if limit != announced {
                        enforced = sink.limit(limit)
                        announced = limit
                    }
                    let stepStarted = now()
                    let began = limit == nil ? nil : ContinuousClock.now
                    sink.testStepStarted(testCaseStartedId: startedId, testStepId: step.id, timestamp: stepStarted)
                    let performed: Performed
                    if let message = invalidLimit {
                        // (A `@timeout:` tag that is no duration: the scenario fails at its first step, naming it.)
                        invalidLimit = nil
                        performed = Performed(
                            outcome: CodeOutcome(
                                status: .failed, message: message,
                                exception: Exception(type: "InvalidTimeout", message: message, stackTrace: nil)))
                    } else if let limit, limit.seconds > 0, !enforced {
                        performed = await racing(limit, step, plan: plan, state: state, stepHooks: stepHooks, worlds: worlds)
                    } else {
                        performed = await perform(step, plan: plan, state: state, stepHooks: stepHooks, worlds: worlds)
                    }
                    var outcome = performed.outcome
                    let ran = performed.ran
                    if ran, let limit, let began, let overrun = overran(limit, since: began, outcome, step, plan: plan) {
                        outcome = overrun
                    }
                    let isLast = index == steps.count
                    if ran || isLast, let signal = pendingSignal?(isLast) { outcome = Self.raised(signal) }
                    if stopRequested?() == true { state.skipAll = true }
                    // After the scenario's last step (or After hook) its Worlds go, inside that step's time: what
                    // their `deinit` does is reported as that step's (see `releaseAll` below).
                    if isLast { worlds.releaseAll() }
                    if case .step = step.action { stepStatuses.append(outcome.status) }
                    state.record(outcome.status, ran: ran)
                    statuses.append(outcome.status)
                    if worstSoFar.map({ outcome.status > $0 }) ?? true {
                        if outcome.status != (worstSoFar ?? .passed) {
                            recorder.scenario = ScenarioContext(
                                name: plan.pickle.name, tags: tags, uri: plan.pickle.uri,
                                attempt: attempt, status: outcome.status)
                        }
                        worstSoFar = outcome.status
                    }
                    recorder.drain(testCaseStartedId: startedId, testStepId: step.id).forEach(sink.emit)
                    if let suggestion = performed.suggestion { sink.suggestion(suggestion) }
                    let finished = now()
                    let duration = ran ? Duration(from: stepStarted, to: finished) : Duration(seconds: 0, nanos: 0)
                    sink.testStepFinished(
                        testCaseStartedId: startedId, testStepId: step.id,
                        result: outcome.result(duration: duration), timestamp: finished)
                } while index < steps.count && recorder.context === context
            }
        }

        if announced != nil { _ = sink.limit(nil) }
        // The Worlds end before the scenario does (with its last step; here for a scenario of no step): whatever
        // their `deinit` does (exit, crash, hang) is this scenario's. Found by a hostile sweep: released after
        // testCaseFinished, a World whose deinit called `exit` passed its own scenario and failed the next one.
        worlds.releaseAll()
        let status = worst(statuses)
        let willBeRetried = retriesLeft && status == .failed
        sink.testCaseFinished(testCaseStartedId: startedId, timestamp: now(), willBeRetried: willBeRetried)
        if let lateAttachment {
            let (name, uri, location) = (plan.pickle.name, plan.pickle.uri, plan.pickle.location)
            recorder.finish(late: lateAttachment) { "scenario '\(name)' (\(uri)\(location.map { ":\($0.line)" } ?? ""))" }
        }
        return Result(status: status, stepStatuses: stepStatuses, willBeRetried: willBeRetried)
    }

    struct Performed: Sendable {
        var outcome: CodeOutcome
        var ran = false
        var suggestion: Suggestion?
    }

    /// Runs (or skips) one test step according to the skip state; undefined steps get a suggestion.
    nonisolated(nonsending)
        func perform(
            _ step: PlannedStep, plan: TestCasePlan, state: SkipState,
            stepHooks: (before: [RegisteredHook], after: [RegisteredHook]),
            worlds: WorldStore
        ) async -> Performed
    {
        switch step.action {
        case .hook(let hook):
            let isAfter = hook.code.kind == .after
            if state.skipAll || (!isAfter && state.skippingSteps) { return Performed(outcome: CodeOutcome(status: .skipped)) }
            let outcome = await runBoundCode(location: hook.code.location, root: root, step: { nil }) {
                try await hook.code.invoke(worlds)
            }
            return Performed(outcome: outcome, ran: true)
        case .step(let position, .undefined):
            if state.skippedByUser { return Performed(outcome: CodeOutcome(status: .skipped)) }
            return undefinedStep(at: position, of: plan)
        case .step(let position, .ambiguous(let matches)):
            if state.skippedByUser { return Performed(outcome: CodeOutcome(status: .skipped)) }
            return Performed(outcome: Self.ambiguity(plan.pickle.steps[position], matches, root: root))
        case .step(let position, .matched(let match)):
            if dryRun && checkArguments, let misfit = Self.misfit(match, at: position, of: plan, root: root) {
                return Performed(outcome: misfit)
            }
            if state.skippingSteps || state.skipAll { return Performed(outcome: CodeOutcome(status: .skipped)) }
            let outcome = await execute(match, position, plan: plan, stepHooks: stepHooks, worlds: worlds)
            return Performed(outcome: outcome, ran: true)
        }
    }

    /// An undefined step's outcome (naming a definition scoped to tags this scenario lacks) and its snippet.
    func undefinedStep(at position: Int, of plan: TestCasePlan) -> Performed {
        let id = ids.newId()
        let scope = outOfScope?(plan.pickle.steps[position].text).map { "undefined in this scenario: " + $0.message }
        return Performed(
            outcome: CodeOutcome(status: .undefined, message: scope),
            suggestion: snippets.suggestion(in: plan.pickle.steps, at: position, id: id))
    }

    /// BeforeStep hooks, the step body, AfterStep hooks; the first non-passing result wins.
    @inline(__always)
    nonisolated(nonsending)
        private func execute(
            _ match: StepMatch, _ position: Int, plan: TestCasePlan,
            stepHooks: (before: [RegisteredHook], after: [RegisteredHook]),
            worlds: WorldStore
        ) async -> CodeOutcome
    {
        // (The closures capture what they use, not a copy of the runner.)
        let locate = locate, root = root
        var outcome = CodeOutcome.passed
        for hook in stepHooks.before where outcome.status == .passed {
            outcome = await runBoundCode(
                location: hook.code.location, root: root,
                step: { locate(plan.pickle, plan.pickle.steps[position]) }
            ) {
                try await hook.code.invoke(worlds)
            }
        }
        if outcome.status == .passed {
            outcome = await runBoundCode(
                location: match.definition.code.location, root: root,
                step: { locate(plan.pickle, plan.pickle.steps[position]) }
            ) {
                if let prepared = match.prepared, plan.pickle.steps[position].argument == nil {
                    try await match.definition.code.invokePrepared(worlds, prepared)
                } else {
                    let raw = try Self.rawArguments(match, plan.pickle.steps[position].argument)
                    try await match.definition.code.invoke(worlds, raw, match.definition.description(relativeTo: root))
                }
            }
        }
        for hook in stepHooks.after {
            let after = await runBoundCode(
                location: hook.code.location, root: root,
                step: { locate(plan.pickle, plan.pickle.steps[position]) }
            ) {
                try await hook.code.invoke(worlds)
            }
            if outcome.status == .passed && after.status != .passed { outcome = after }
        }
        return outcome
    }

    /// The failure of the pickle step at `position` of `plan` when its values do not fit its closure's parameters;
    /// nil when they fit.
    static func misfit(_ match: StepMatch, at position: Int, of plan: TestCasePlan, root: String?) -> CodeOutcome? {
        // The closure's values were made once from these very match values when the match was made (`prepared`,
        // by the same conversion `fit` makes): they fit. Only a step with a DocString or DataTable, or values made
        // at each run, is converted again (only then is its argument read; a copy of the whole step would retain
        // each of its fields).
        if match.prepared != nil && !plan.pickle.steps[position].hasArgument { return nil }
        let argument = plan.pickle.steps[position].argument
        do {
            try match.definition.code.fit(try rawArguments(match, argument), match.definition.description(relativeTo: root))
            return nil
        } catch {
            return CodeOutcome(
                status: .failed, message: "\(error)",
                exception: Exception(type: "ArgumentMismatch", message: "\(error)", stackTrace: nil))
        }
    }

    /// The step closure's values: the match's, then the pickle step's doc string or data table (`argument`).
    static func rawArguments(_ match: StepMatch, _ argument: PickleStepArgument?) throws -> [RawArgument] {
        var raw: [RawArgument] =
            try match.pureValues?.raw
            ?? match.arguments.map {
                .match(value: try $0.value(), text: $0.group.value, parameterType: $0.parameterTypeName)
            }
        if let docString = argument?.docString {
            raw.append(.docString(DocString(docString.content, mediaType: docString.mediaType)))
        }
        if let table = argument?.dataTable {
            raw.append(.dataTable(DataTable(table.rows.map { $0.cells.map(\.value) })))
        }
        return raw
    }

    static func ambiguity(_ step: PickleStep, _ matches: [StepMatch], root: String?) -> CodeOutcome {
        let list = matches.map { "  \($0.definition.code.pattern.source) (\($0.definition.code.location.relative(to: root)))" }
        let message = "Multiple step definitions match \"\(step.text)\":\n" + list.joined(separator: "\n")
        return CodeOutcome(status: .ambiguous, message: message)
    }

    func now() -> Timestamp {
        clock.timestamp()
    }
}

extension PickleStep {
    /// Whether the step has a DocString or DataTable (its optional's case read, the argument not copied).
    var hasArgument: Bool {
        if case .none = argument { return false }
        return true
    }
}
