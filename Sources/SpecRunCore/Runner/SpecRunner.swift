import Foundation
import Messages

/// Runs feature files against step libraries and reports every fact as a Cucumber Messages envelope.
///
///     let runner = SpecRunner(libraries: AllSteps.libraries, configuration: RunConfiguration(paths: ["Features"]))
///     let summary = try await runner.run { envelope in formatter.handle(envelope) }
///
/// Configuration problems (bad tag expression or regex, unknown parameter type, missing path) are thrown
/// as `SpecRunError` before anything is emitted.
public struct SpecRunner: Sendable {
    let libraries: [any StepLibrary.Type]
    let configuration: RunConfiguration
    let ids: IdGenerator
    /// The ids made while running (test case and hook starts, suggestions); `ids` unless a worker of a parallel
    /// run needs its own, so that workers sharing the definitions' ids never collide on the rest.
    var runIds: IdGenerator
    let clock: any RunClock
    let environment: [String: String]
    var fileSystem: FileSystem = .local
    /// The `meta` message to emit instead of the detected one (for reproducible streams in tests).
    public var meta: Meta?
    var makeCompiler: @Sendable ([ParameterTypeCode]) throws -> any PatternCompiler = { try ExpressionCompiler(parameterTypes: $0) }
    var randomSeed: @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64(UInt32.max)) }
    /// Where the compiled step definitions are kept between runs (the language server's), if anywhere.
    public var registryCache: RegistryCache?
    /// Told a line for stderr when work a step or hook left running attaches after its test case (or hook) finished.
    public var lateAttachment: (@Sendable (String) -> Void)?
    /// Asked after each step that ran, and after a test case's last step in any case (`lastOfCase`): a signal that
    /// ends a process, raised by the step on its own thread and pending there (a thread of the concurrency pool
    /// blocks them: `raise(SIGTERM)` would otherwise pass), taken; nil when none. The step is then a crash of its
    /// scenario (`StepSignals` in SpecRunWorkers).
    public var pendingSignal: (@Sendable (_ lastOfCase: Bool) -> Int32?)?
    /// Asked after each step and before each test case: true once the run is to stop (the first Ctrl-C of an
    /// in-process run): the rest of the running scenario is skipped, no other starts.
    public var stopRequested: (@Sendable () -> Bool)?
    /// Whether `run` and `RunSession.run(_:skip:emit:)` send a `testStepStarted` message for each step; false when
    /// nothing that hears the run reads them (a run in this process whose reports do not: one envelope a step made
    /// for nothing). A sink of its own (`RunSession.run(_:skip:to:)`) decides for itself.
    public var sendsStepStarts = true
    /// Whether a test case none of whose code runs (a dry run, or every step skipped) says only the last of its
    /// skipped steps in a row (`TestCaseRunner.runInOnePass`); true only when everything that hears the run fills
    /// the steps left unsaid before a skipped one as skipped (`RunIndex.stepsUnsaid`): reports that read no skipped
    /// step's own message (`ListenerNeeds.passedStepTimes`).
    public var collapsesSkippedSteps = false
    /// The process exits once the run's reports are written (a command-line run): `run` leaves the run's session
    /// — every planned pickle — to the exit rather than free it piece by piece. A host making many runs keeps false.
    public var keepsRunUntilExit = false
    /// Whether `run` may plan and run each feature file before it parses the next (`executeFileByFile`), when the
    /// run keeps the files' own order and is not a shard: the same messages, but not every `testCase` before the
    /// first test case runs. True only when nothing that hears the run reads the stream's order (a `message`
    /// report writes it; a live progress line counts the test cases planned).
    public var plansFileByFile = false
    /// Called on the runner's thread between test cases of a run made file by file — after every
    /// `SpecRunner.testCasesBetweenCalls` of a file and after each file: the CLI frees there the envelopes its reports
    /// handed back (`DecodedEnvelopeReturns`), made on this thread and the parse's (a file of 20,000 scenarios
    /// would otherwise keep all of theirs until its end).
    public var betweenTestCases: (@Sendable () -> Void)?
    /// Called on the thread that parses a run made file by file, before it parses each file (`done` false) and once
    /// after the last (`done` true): the CLI frees there the files' messages its reports handed back, on the thread
    /// that made them (`DecodedEnvelopeReturns.freeDocuments(more:)`).
    public var onParseThread: (@Sendable (_ done: Bool) -> Void)?
    /// A test case none of whose code runs takes one pass over its steps (`TestCaseRunner.runInOnePass`); false
    /// only in the tests that compare it with the step loop.
    var skipsInOnePass = true

    public init(
        libraries: [any StepLibrary.Type], configuration: RunConfiguration,
        ids: IdGenerator = RandomIdGenerator(), clock: any RunClock = SystemClock(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.libraries = libraries
        self.configuration = configuration
        self.ids = ids
        self.runIds = ids
        self.clock = clock
        self.environment = environment
    }

    /// Runs and returns the summary; `emit` receives every envelope, in order, on the caller's task.
    public func run(emit: (Envelope) -> Void) async throws -> RunSummary {
        let prepared = try prepare()
        return await execute(prepared, emit: emit)
    }

    /// The Swift language version specrun was compiled with (the `meta` message's runtime).
    public static var swiftVersion: String { MetaFactory.swiftVersion }

    /// Prepares (throwing configuration problems), then sends everything before the first test case and returns
    /// the session that runs them one at a time (see `RunSession`).
    public func open(emit: (Envelope) -> Void) async throws -> RunSession {
        let prepared = try prepare()
        return await open(prepared, emit: emit)
    }

    /// `open(emit:)` handing each planned test case to `testCase` rather than its `testCase` envelope to `emit`
    /// (for a sink that writes test cases its own way).
    public func open(emit: (Envelope) -> Void, testCase: (PlannedTestCase) -> Void) async throws -> RunSession {
        let prepared = try prepare()
        return await withoutActuallyEscaping(testCase) { testCase in await open(prepared, emit: emit, testCase: testCase) }
    }

    /// Prepares (throwing configuration problems), then sends what a worker other than the first sends before its
    /// first test case — without parsing a feature file — and returns the session that runs the test cases a
    /// supervisor names one by one (`RunSession.name`, then `run`). See `openNamingTestCases(_:emit:)`.
    public func openNamingTestCases(emit: (Envelope) -> Void) async throws -> RunSession {
        let prepared = try prepare()
        return await openNamingTestCases(prepared, emit: emit)
    }

    /// The same runner making its run-time ids with `generator` (a worker of a parallel run).
    public func withRunIds(_ generator: IdGenerator) -> SpecRunner {
        var copy = self
        copy.runIds = generator
        return copy
    }

    /// Runs and returns the summary with every envelope, in order (for tests and small tools).
    public func runCollecting() async throws -> (summary: RunSummary, envelopes: [Envelope]) {
        var envelopes: [Envelope] = []
        let summary = try await run { envelopes.append($0) }
        return (summary, envelopes)
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
        let build = { [libraries, configuration, makeCompiler] in
            try StepRegistry.build(
                StepRegistry.collect(libraries), policy: configuration.unknownParameterTypes,
                makeCompiler: makeCompiler)
        }
        let registry = try registryCache.map { try $0.registry(build) } ?? build()
        let root = configuration.workingDirectory ?? FileManager.default.currentDirectoryPath
        let files = try FeatureDiscovery(
            fileSystem: fileSystem, base: configuration.workingDirectory,
            documents: Set(configuration.documents.keys)
        )
        .discover(configuration.paths)
        return Prepared(registry: registry, selection: selection, files: files, root: root)
    }
}
