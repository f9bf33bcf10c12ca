import Foundation
import Messages
import SharedState
import TagExpressions

/// One run, opened (definitions sent, BeforeAll hooks run, test cases planned) and driven a test case at a time:
/// in order by `SpecRunner.run`, or as a supervisor hands them out to a worker process (`run(_:skip:)` by index
/// into the planned order, then `finish`).
/// `run` may be called from several tasks at once (`SpecSuite` runs a session's scenarios as parallel test cases):
/// the summary and the fail-fast flag are kept under a lock, plans are made with a thread-safe cache. `describe`
/// reads only what never changes after `open` (a worker's watchdog thread calls it).
public final class RunSession: Sendable {
    let runner: SpecRunner
    let registry: StepRegistry
    let root: String
    private let plans: any PlanSource
    /// Plans each test case as it runs (its match cache serves the whole run).
    private let planner: Planner
    /// Each planned test case's `uri:line` (see `TestCaseKey`), in the planned order. Made when asked (only shards
    /// and timings need them: 10,000 strings a worker would otherwise make before its first scenario).
    public var keys: [String] { makeKeys() }
    private let makeKeys: @Sendable () -> [String]
    private let caseRunner: TestCaseRunner
    let testRunStarted: TestRunStarted
    /// Whether the BeforeAll hooks passed; when not, no test case is planned and the run only finishes.
    public let beforeAllPassed: Bool
    /// `--retry-tag-filter`: the scenarios that may be retried (nil: all); checked when the run was prepared.
    private let retryFilter: TagExpression?
    /// What the test cases' runs change, from whatever task runs them.
    let state: Locked<State>

    struct State {
        var summary: RunSummary
        /// Set after the first test case that did not pass, under `failFast`: the rest are skipped.
        var stopped = false
        /// The feature file of the test case run last (BeforeFeature/AfterFeature), and whether its BeforeFeature
        /// hooks failed (its scenarios are then skipped).
        var feature: String?
        var featureFailed = false
    }

    init(
        runner: SpecRunner, registry: StepRegistry, root: String, plans: any PlanSource, keys: @escaping @Sendable () -> [String],
        caseRunner: TestCaseRunner,
        testRunStarted: TestRunStarted, summary: RunSummary, beforeAllPassed: Bool
    ) {
        self.runner = runner
        self.registry = registry
        self.root = root
        self.plans = plans
        planner = plans.makePlanner()
        makeKeys = keys
        self.caseRunner = caseRunner
        self.testRunStarted = testRunStarted
        state = Locked(State(summary: summary))
        self.beforeAllPassed = beforeAllPassed
        retryFilter = runner.configuration.retryTagFilter.flatMap { try? TagExpression.parse($0) }
    }

    /// How many test cases were planned (their `testCase` messages are sent, in this order); for a session whose
    /// test cases are named as they are handed out (`SpecRunner.openNamingTestCases`), any index.
    public var count: Int { plans.count }

    /// The test case at `index` is the pickle `pickleId` of the feature file `uri` (a session opened with
    /// `SpecRunner.openNamingTestCases`; ignored by one that planned its test cases when opened).
    public func name(_ index: Int, pickleId: String, uri: String) {
        (plans as? PickleShelf)?.name(index, pickleId: pickleId, uri: uri)
    }

    /// Whether the test case at `index` can run: planned when the session opened, or named with a pickle that its
    /// file holds (a file changed since the supervisor parsed it may not).
    public func knows(_ index: Int) -> Bool { plans.knows(index) }

    /// The facts known so far (parse errors, selection, seed).
    public var summarySoFar: RunSummary { state.withLock { $0.summary } }

    /// Runs the test case at `index` of the planned order (with its retries); `skip` reports every step skipped
    /// (a supervisor's fail-fast). Returns whether it passed.
    @discardableResult
    public func run(_ index: Int, skip: Bool = false, emit: (Envelope) -> Void) async -> Bool {
        await withoutActuallyEscaping(emit) { emit in
            await run(index, skip: skip, to: EnvelopeSink(send: emit, stepStarts: runner.sendsStepStarts))
        }
    }

    /// `run(_:skip:emit:)` sending to a sink (which may write the frequent messages without making envelopes).
    @discardableResult
    public func run(_ index: Int, skip: Bool = false, to sink: any MessageSink) async -> Bool {
        guard let plan = plans.plan(ofCase: index, with: planner) else { return true }
        defer { plans.finished(index) }
        let featureFailed = await enterFeature(plan.pickle.uri) { sink.emit($0) }
        let skipAll = skip || featureFailed || state.withLock { $0.stopped }
        var attempt = 0
        var result: TestCaseRunner.Result
        let retries = retryFilter.map { $0.evaluate(tags: plan.pickle.tags.map(\.name)) } ?? true ? runner.configuration.retry : 0
        repeat {
            result = await caseRunner.run(
                plan, attempt: attempt, retriesLeft: attempt < retries,
                skipAll: skipAll, to: sink)
            attempt += 1
        } while result.willBeRetried
        let passed = runner.passes(result.status)
        let failFast = runner.configuration.failFast
        state.withLock { state in
            state.summary.scenarios.add(result.status)
            result.stepStatuses.forEach { state.summary.steps.add($0) }
            if !passed {
                state.summary.success = false
                if failFast { state.stopped = true }
            }
        }
        return passed
    }

    /// "Features/a.feature:12 'I wait for the server'" for a test step of the test case at `index`, or the hook's
    /// `file:line` (a BeforeAll/AfterAll hook when `index` is nil): what a timeout message names.
    public func describe(testStepId: String, in index: Int?) -> String? {
        // (On the watchdog's thread: a planner of its own, not the run's.)
        if let index, index < plans.count, let plan = plans.plan(ofCase: index, with: plans.makePlanner()),
            let step = plan.steps.first(where: { $0.id == testStepId })
        {
            switch step.action {
            case .hook(let hook): return "hook at \(hook.code.location.relative(to: root))"
            case .step(let position, _):
                let pickleStep = plan.pickle.steps[position]
                let place = caseRunner.locate(plan.pickle, pickleStep) ?? plan.pickle.uri
                return "step '\(pickleStep.text)' at \(place)"
            }
        }
        return nil
    }

    /// The `file:line` of a BeforeAll/AfterAll hook, by the id in its testRunHookStarted message.
    public func describe(hookId: String) -> String? {
        let hooks = [HookKind.beforeAll, .afterAll, .beforeFeature, .afterFeature].flatMap { registry.hooks($0, for: []) }
        return hooks.first { $0.id == hookId }.map { "hook at \($0.code.location.relative(to: root))" }
    }

    /// AfterAll hooks and testRunFinished.
    public func finish(emit: (Envelope) -> Void) async -> RunSummary {
        let runId = testRunStarted.id ?? ""
        if let last = state.withLock({ $0.feature }) { _ = await featureHooks(.afterFeature, last, emit: emit) }
        var success = state.withLock { $0.summary.success }
        _ = await runner.runGlobalHooks(.afterAll, registry, runId: runId, root: root, success: &success, emit: emit)
        let finished = runner.clock.timestamp()
        let duration = Duration(from: testRunStarted.timestamp, to: finished).timeInterval
        let final = state.withLock { state in
            state.summary.success = success
            state.summary.duration = duration
            return state.summary
        }
        emit(Envelope(testRunFinished: TestRunFinished(success: success, timestamp: finished, testRunStartedId: runId)))
        return final
    }
}
