import Foundation
import Gherkin
import Messages
import SharedState

/// A run whose feature files are parsed and planned one at a time, when its caller asks (`planNextFile`), while its
/// session runs the test cases planned so far: a worker that runs alone sends each file's `testCase` messages as it
/// plans them, and its first scenario starts once the first file is planned rather than the last
/// (`SpecRunner.openPlanningByFile`).
///
/// The same messages with the same ids as `SpecRunner.open` sends (every file's ids come from its own part of the
/// run's ids, every plan's from its pickle's, `PartIds`), in the order `executeFileByFile` sends them: meta, the
/// support code, testRunStarted and the BeforeAll hooks first; then, file by file, its source, gherkinDocument and
/// pickles (or parse errors) and its selected pickles' `testCase` messages. Used on one task only.
public final class FilePlanning {
    /// The session that runs the test cases planned so far (by index, in the planned order).
    public let session: RunSession
    private let runner: SpecRunner
    private let prepared: SpecRunner.Prepared
    private let plans: FilePlans
    private let planner: Planner
    private let lines: Locked<[String: LineIndex]>
    private let emit: (Envelope) -> Void
    private let testCase: (PlannedTestCase) -> Void
    private let texts = StepTextPool()
    private let selecting: Bool
    private var next = 0
    private var selectedAny = false

    init(
        runner: SpecRunner, prepared: SpecRunner.Prepared, plans: FilePlans, lines: Locked<[String: LineIndex]>,
        session: RunSession, emit: @escaping (Envelope) -> Void, testCase: @escaping (PlannedTestCase) -> Void
    ) {
        self.runner = runner
        self.prepared = prepared
        self.plans = plans
        planner = plans.makePlanner()
        self.lines = lines
        self.session = session
        self.emit = emit
        self.testCase = testCase
        selecting = prepared.files.contains { $0.lines != nil }
        // (As `open`: no test case is planned when the BeforeAll hooks failed, and no file is parsed for them.)
        if !session.beforeAllPassed { next = prepared.files.count }
        if prepared.files.isEmpty { session.state.withLock { $0.summary.nothingSelected = true } }
    }

    /// Whether every file was planned.
    public var isComplete: Bool { next >= prepared.files.count }

    /// How many test cases were planned so far.
    public var count: Int { plans.count }

    /// Parses the next feature file, sends its messages and plans its selected pickles (their `testCase`
    /// messages); false when every file was planned already.
    @discardableResult
    public func planNextFile() -> Bool {
        guard next < prepared.files.count else { return false }
        let file = prepared.files[next]
        next += 1
        let uri = relativePath(file.path, to: prepared.root)
        let selected = runner.take(
            runner.featureEnvelopes(file, uri: uri, texts: texts), of: file, uri: uri, prepared: prepared,
            selecting: selecting, lines: lines, session: session, emit: emit)
        let nothingSelected = !selectedAny && selected.isEmpty && isComplete
        selectedAny = selectedAny || !selected.isEmpty
        session.state.withLock { $0.summary.nothingSelected = nothingSelected }
        guard !selected.isEmpty else { return true }
        let book = PlanBook(
            registry: prepared.registry, pickles: consume selected, ids: runner.ids,
            testRunStartedId: session.testRunStarted.id ?? "", planner: planner
        ) { plan in
            testCase(PlannedTestCase(plan: plan))
        }
        plans.add(book)
        return true
    }
}

extension SpecRunner {
    /// Prepares (throwing configuration problems), sends everything before the first feature file's messages —
    /// meta, support code, testRunStarted, BeforeAll hooks — and returns the run whose files are planned one at a
    /// time as its caller asks (`FilePlanning.planNextFile`), each planned test case handed to `testCase`.
    /// Only for a run that may be made file by file (`runsFileByFile`): the caller checks `mayPlanByFile`.
    public func openPlanningByFile(
        emit: @escaping (Envelope) -> Void, testCase: @escaping (PlannedTestCase) -> Void
    ) async throws -> FilePlanning {
        var prepared = try prepare()
        emit(Envelope(meta: meta ?? MetaFactory.make(environment: environment)))
        prepared.registry.assignIds(ids, relativeTo: prepared.root).forEach(emit)
        let (testRunStarted, passed, success) = await startRun(prepared, emit: emit)
        let plans = FilePlans(registry: prepared.registry)
        let lines = Locked<[String: LineIndex]>([:])
        var summary = RunSummary()
        summary.success = success
        let session = RunSession(
            runner: self, registry: prepared.registry, root: prepared.root, plans: plans, keys: { [] },
            caseRunner: caseRunner(prepared, line: { uri, id in lines.withLock { $0[uri]?.line(of: id) } }),
            testRunStarted: testRunStarted, summary: summary, beforeAllPassed: passed)
        return FilePlanning(
            runner: self, prepared: prepared, plans: plans, lines: lines, session: session, emit: emit, testCase: testCase)
    }

    /// Whether this runner's run may be planned file by file (`openPlanningByFile`): in the files' own order, not
    /// split into shards, its ids drawn from parts of their own.
    public var mayPlanByFile: Bool {
        Self.runsFileByFile(asked: true, configuration: configuration, idsDeriveParts: ids.derivesParts)
    }
}
