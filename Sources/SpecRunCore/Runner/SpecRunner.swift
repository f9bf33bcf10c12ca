import Foundation
import Gherkin
import Messages

/// Runs feature files against step libraries and reports every fact as a Cucumber Messages envelope.
///
///     let runner = SpecRunner(libraries: AllSteps.libraries, configuration: RunConfiguration(paths: ["Features"]))
///     let summary = try await runner.run { envelope in formatter.handle(envelope) }
///
/// Configuration problems (bad tag expression or regex, unknown parameter type, missing path) are thrown
/// as `SpecRunError` before anything is emitted.
public struct SpecRunner {
    let libraries: [any StepLibrary.Type]
    let configuration: RunConfiguration
    let ids: IdGenerator
    let clock: any RunClock
    let environment: [String: String]
    var fileSystem: FileSystem = .local
    var meta: Meta?
    var makeCompiler: ([ParameterTypeCode]) throws -> any PatternCompiler = { try ExpressionCompiler(parameterTypes: $0) }
    var randomSeed: () -> UInt64 = { UInt64.random(in: 0...UInt64(UInt32.max)) }

    public init(libraries: [any StepLibrary.Type], configuration: RunConfiguration,
                ids: IdGenerator = UUIDGenerator(), clock: any RunClock = SystemClock(),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.libraries = libraries
        self.configuration = configuration
        self.ids = ids
        self.clock = clock
        self.environment = environment
    }

    /// Runs and returns the summary; `emit` receives every envelope, in order, on the caller's task.
    public func run(emit: (Envelope) -> Void) async throws -> RunSummary {
        let prepared = try prepare()
        return await execute(prepared, emit: emit)
    }

    // MARK: Preparation (throws, emits nothing)

    struct Prepared {
        var registry: StepRegistry
        let selection: PickleSelection
        let files: [FeatureFile]
        let root: String
    }

    func prepare() throws -> Prepared {
        let selection = try PickleSelection(configuration: configuration)
        let registry = try StepRegistry.build(StepRegistry.collect(libraries),
                                              policy: configuration.unknownParameterTypes,
                                              makeCompiler: makeCompiler)
        let root = configuration.workingDirectory ?? FileManager.default.currentDirectoryPath
        let files = try FeatureDiscovery(fileSystem: fileSystem, base: configuration.workingDirectory)
            .discover(configuration.paths)
        return Prepared(registry: registry, selection: selection, files: files, root: root)
    }

    // MARK: Execution

    func execute(_ prepared: Prepared, emit: (Envelope) -> Void) async -> RunSummary {
        var prepared = prepared
        var summary = RunSummary()
        emit(Envelope(meta: meta ?? MetaFactory.make(environment: environment)))

        // Sources, documents, pickles (or parse errors), file by file.
        var lineIndex = LineIndex()
        var selected: [Pickle] = []
        for file in prepared.files {
            let uri = relativePath(file.path, to: prepared.root)
            let data = fileSystem.read(file.path) ?? ""
            let envelopes = GherkinMessages.generate(data: data, uri: uri, ids: ids)
            for envelope in envelopes {
                emit(envelope)
                if let document = envelope.gherkinDocument { lineIndex.add(document) }
                if envelope.parseError != nil, !summary.unparsableFiles.contains(uri) { summary.unparsableFiles.append(uri) }
                if let pickle = envelope.pickle, prepared.selection.selects(pickle, lines: file.lines, index: lineIndex) {
                    selected.append(pickle)
                }
            }
        }

        // Support code, then the run.
        prepared.registry.assignIds(ids, relativeTo: prepared.root).forEach(emit)
        let seed: UInt64
        if case .random(let given) = configuration.order { seed = given ?? randomSeed(); summary.seed = seed } else { seed = 0 }
        let ordered = PickleOrdering.apply(configuration.order, to: selected, seed: seed)
        summary.nothingSelected = ordered.isEmpty

        let testRunStarted = TestRunStarted(timestamp: clock.timestamp(), id: ids.newId())
        emit(Envelope(testRunStarted: testRunStarted))
        let runId = testRunStarted.id ?? ""
        var success = true

        let beforeAllPassed = await runGlobalHooks(.beforeAll, prepared.registry, runId: runId, success: &success, emit: emit)

        if beforeAllPassed {
            let planner = Planner(registry: prepared.registry)
            let plans = ordered.map { planner.plan($0, ids: ids, testRunStartedId: runId) }
            plans.forEach { emit(Envelope(testCase: $0.testCase)) }
            let runner = TestCaseRunner(
                registry: prepared.registry, clock: clock, ids: ids, dryRun: configuration.dryRun,
                snippets: SnippetWriter(compiler: prepared.registry.compiler,
                                        customTypes: Dictionary(prepared.registry.parameterTypes.map { ($0.code.name, $0.code.typeName) },
                                                                uniquingKeysWith: { first, _ in first })),
                locate: { pickle, step in
                    guard let id = step.astNodeIds.first, let line = lineIndex.line[id] else { return nil }
                    return "\(pickle.uri):\(line)"
                })
            var stopped = false
            for plan in plans {
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

        _ = await runGlobalHooks(.afterAll, prepared.registry, runId: runId, success: &success, emit: emit)

        let finished = clock.timestamp()
        summary.success = success
        summary.duration = Duration(from: testRunStarted.timestamp, to: finished).timeInterval
        emit(Envelope(testRunFinished: TestRunFinished(success: success, timestamp: finished,
                                                       testRunStartedId: runId)))
        return summary
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

    /// BeforeAll hooks in order, AfterAll hooks in reverse; every one runs. Returns whether all passed.
    func runGlobalHooks(_ kind: HookKind, _ registry: StepRegistry, runId: String, success: inout Bool,
                        emit: (Envelope) -> Void) async -> Bool {
        var allPassed = true
        let recorder = AttachmentRecorder(clock: clock)
        for hook in registry.hooks(kind, for: []) {
            let started = TestRunHookStarted(id: ids.newId(), testRunStartedId: runId, hookId: hook.id,
                                             timestamp: clock.timestamp())
            emit(Envelope(testRunHookStarted: started))
            let outcome: CodeOutcome
            if configuration.dryRun {
                outcome = CodeOutcome(status: .skipped)
            } else {
                outcome = await runUserCode(recorder: recorder, location: hook.code.location, step: { nil }) {
                    try await hook.code.invoke(nil)
                }
            }
            recorder.drain(testRunHookStartedId: started.id).forEach(emit)
            let finished = clock.timestamp()
            let duration = configuration.dryRun ? Duration(seconds: 0, nanos: 0) : Duration(from: started.timestamp, to: finished)
            emit(Envelope(testRunHookFinished: TestRunHookFinished(
                testRunHookStartedId: started.id, result: outcome.result(duration: duration), timestamp: finished)))
            if outcome.status != .passed && outcome.status != .skipped {
                allPassed = false
                success = false
            }
        }
        return allPassed
    }
}
