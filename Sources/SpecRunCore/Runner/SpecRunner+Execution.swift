import Foundation
import Gherkin
import Messages

extension SpecRunner {
    /// The run proper: sources and pickles, support code, test-run hooks, test cases, the end.
    func execute(_ prepared: Prepared, emit: (Envelope) -> Void) async -> RunSummary {
        var prepared = prepared
        var summary = RunSummary()
        emit(Envelope(meta: meta ?? MetaFactory.make(environment: environment)))

        let loaded = loadFeatures(prepared, summary: &summary, emit: emit)
        prepared.registry.assignIds(ids, relativeTo: prepared.root).forEach(emit)
        let seed: UInt64
        if case .random(let given) = configuration.order { seed = given ?? randomSeed(); summary.seed = seed } else { seed = 0 }
        let ordered = PickleOrdering.apply(configuration.order, to: loaded.pickles, seed: seed)
        summary.nothingSelected = ordered.isEmpty

        let testRunStarted = TestRunStarted(timestamp: clock.timestamp(), id: ids.newId())
        emit(Envelope(testRunStarted: testRunStarted))
        let runId = testRunStarted.id ?? ""
        var success = true

        let root = prepared.root
        if await runGlobalHooks(.beforeAll, prepared.registry, runId: runId, root: root, success: &success, emit: emit) {
            await runTestCases(ordered, prepared.registry, lines: loaded.lines, runId: runId, root: root,
                               summary: &summary, success: &success, emit: emit)
        }
        _ = await runGlobalHooks(.afterAll, prepared.registry, runId: runId, root: root, success: &success, emit: emit)

        let finished = clock.timestamp()
        summary.success = success
        summary.duration = Duration(from: testRunStarted.timestamp, to: finished).timeInterval
        emit(Envelope(testRunFinished: TestRunFinished(success: success, timestamp: finished, testRunStartedId: runId)))
        return summary
    }

    /// Source, gherkinDocument and pickle messages (or parseErrors) file by file; the selected pickles.
    private func loadFeatures(_ prepared: Prepared, summary: inout RunSummary,
                              emit: (Envelope) -> Void) -> (pickles: [Pickle], lines: LineIndex) {
        var lines = LineIndex()
        var selected: [Pickle] = []
        for file in prepared.files {
            let uri = relativePath(file.path, to: prepared.root)
            let envelopes: [Envelope]
            if let bytes = fileSystem.readData(file.path) {
                // Descriptions trimmed as cucumber-js does (the CCK's reference); `specrun gherkin` keeps the
                // Python reference's trimming, which the conformance corpus was made with.
                envelopes = GherkinMessages.generate(bytes: bytes, uri: uri,
                                                     options: GherkinMessages.Options(descriptionTrimming: .blankLines), ids: ids)
            } else {
                envelopes = [Envelope(parseError: ParseError(source: SourceReference(uri: uri),
                                                             message: "\(uri): cannot read the file"))]
            }
            for envelope in envelopes {
                emit(envelope)
                if let document = envelope.gherkinDocument { lines.add(document) }
                if envelope.parseError != nil, !summary.unparsableFiles.contains(uri) { summary.unparsableFiles.append(uri) }
                if let pickle = envelope.pickle, prepared.selection.selects(pickle, lines: file.lines, index: lines) {
                    selected.append(pickle)
                }
            }
        }
        return (selected, lines)
    }

    /// Plans every pickle (all testCase messages first), then runs them one by one, retrying failed ones.
    private func runTestCases(_ pickles: [Pickle], _ registry: StepRegistry, lines: LineIndex, runId: String, root: String,
                              summary: inout RunSummary, success: inout Bool, emit: (Envelope) -> Void) async {
        let planner = Planner(registry: registry)
        let plans = pickles.map { planner.plan($0, ids: ids, testRunStartedId: runId) }
        plans.forEach { emit(Envelope(testCase: $0.testCase)) }
        let customTypes = Dictionary(registry.parameterTypes.map { ($0.code.name, $0.code.typeName) },
                                     uniquingKeysWith: { first, _ in first })
        let runner = TestCaseRunner(
            registry: registry, clock: clock, ids: ids, dryRun: configuration.dryRun, root: root,
            snippets: SnippetWriter(compiler: registry.compiler, customTypes: customTypes),
            locate: { pickle, step in
                guard let id = step.astNodeIds.first, let line = lines.line[id] else { return nil }
                return "\(pickle.uri):\(line)"
            })
        var stopped = configuration.failFast && configuration.resumeAfter > 0
        for plan in plans.dropFirst(configuration.resumeAfter) {
            var attempt = 0
            var result: TestCaseRunner.Result
            repeat {
                result = await runner.run(plan, attempt: attempt, retriesLeft: attempt < configuration.retry,
                                          skipAll: stopped, emit: emit)
                attempt += 1
            } while result.willBeRetried
            summary.scenarios.add(result.status)
            result.stepStatuses.forEach { summary.steps.add($0) }
            if !passes(result.status) {
                success = false
                if configuration.failFast { stopped = true }
            }
        }
    }

    /// Whether a test case's status keeps the run green: FAILED and AMBIGUOUS never do; UNDEFINED and
    /// PENDING only when not strict.
    func passes(_ status: TestStepResultStatus) -> Bool {
        switch status {
        case .passed, .skipped, .unknown: return true
        case .failed, .ambiguous: return false
        case .undefined, .pending: return !configuration.strict
        }
    }
}
