import Foundation
import Gherkin
import Messages

extension SpecRunner {
    /// The run proper: sources and pickles, support code, test-run hooks, test cases, the end.
    func execute(_ prepared: Prepared, emit: (Envelope) -> Void) async -> RunSummary {
        if runsFileByFile { return await executeFileByFile(prepared, emit: emit) }
        let session = await open(prepared, emit: emit)
        if session.beforeAllPassed {
            for index in 0..<session.count {
                if stopRequested?() == true { break }
                await session.run(index, emit: emit)
            }
        }
        let summary = await session.finish(emit: emit)
        // (Its pickles and plans, a test case's worth each, would be freed here while the reports finish: after
        // the run's last message, so the run's end would wait for it.)
        if keepsRunUntilExit { _ = Unmanaged.passRetained(session) }
        return summary
    }

    /// Everything before the first test case: meta, sources and pickles (or parse errors), support code,
    /// testRunStarted, BeforeAll hooks and (when those passed) every selected test case's `testCase` message.
    func open(_ given: Prepared, emit: (Envelope) -> Void, testCase: ((PlannedTestCase) -> Void)? = nil) async -> RunSession {
        var prepared = given
        var summary = RunSummary()
        emit(Envelope(meta: meta ?? MetaFactory.make(environment: environment)))

        var loaded = loadFeatures(prepared, summary: &summary, emit: emit)
        prepared.registry.assignIds(ids, relativeTo: prepared.root).forEach(emit)
        let seed: UInt64
        if case .random(let given) = configuration.order { seed = given ?? randomSeed(); summary.seed = seed } else { seed = 0 }
        var ordered = PickleOrdering.apply(configuration.order, to: loaded.pickles, seed: seed)
        if let shard = configuration.shard {
            ordered = shard.select(ordered, defined: loaded.pickles, key: { TestCaseKey.of($0, lines: loaded.lines) })
        }
        // (The loader's list let go: the plan book takes the pickles over without copying each.)
        loaded.pickles = []
        summary.nothingSelected = ordered.isEmpty

        let (testRunStarted, passed, success) = await startRun(prepared, emit: emit)
        let runId = testRunStarted.id ?? ""
        var planned: [Pickle] = []
        if passed { swap(&planned, &ordered) }
        // (Handed over: a copy kept here would make the plan book copy every pickle it takes out of the array.)
        let plans = PlanBook(registry: prepared.registry, pickles: consume planned, ids: ids, testRunStartedId: runId) { plan in
            if let testCase { testCase(PlannedTestCase(plan: plan)) } else { emit(Envelope(testCase: plan.testCase)) }
        }
        summary.success = success
        let lines = loaded.lines.forLocations()
        return RunSession(
            runner: self, registry: prepared.registry, root: prepared.root, plans: plans,
            keys: { plans.map { TestCaseKey.of($0, lines: lines) } },
            caseRunner: caseRunner(prepared, line: { _, id in lines.line(of: id) }), testRunStarted: testRunStarted,
            summary: summary, beforeAllPassed: passed)
    }

    /// What a worker other than the first needs before its first test case, without parsing a feature file:
    /// meta, support code, testRunStarted (the ids are the first worker's: feature files take theirs from parts of
    /// their own, `PartIds`) and the BeforeAll hooks. Each test case is named (`RunSession.name`) before it runs;
    /// its file is parsed then, so a worker parses only the files it runs.
    func openNamingTestCases(_ given: Prepared, emit: (Envelope) -> Void) async -> RunSession {
        var prepared = given
        emit(Envelope(meta: meta ?? MetaFactory.make(environment: environment)))
        prepared.registry.assignIds(ids, relativeTo: prepared.root).forEach(emit)
        let (testRunStarted, passed, success) = await startRun(prepared, emit: emit)
        let runId = testRunStarted.id ?? ""
        var summary = RunSummary()
        summary.success = success
        var files: [String: FeatureFile] = [:]
        for file in prepared.files where files[relativePath(file.path, to: prepared.root)] == nil {
            files[relativePath(file.path, to: prepared.root)] = file
        }
        let shelf = PickleShelf(
            registry: prepared.registry, ids: ids, testRunStartedId: runId, files: files,
            parse: { file, uri, texts in featureEnvelopes(file, uri: uri, texts: texts) })
        return RunSession(
            runner: self, registry: prepared.registry, root: prepared.root, plans: shelf, keys: { [] },
            caseRunner: caseRunner(prepared, line: { _, id in shelf.line(of: id) }), testRunStarted: testRunStarted,
            summary: summary, beforeAllPassed: passed)
    }

    /// testRunStarted and the BeforeAll hooks: whether they passed, and whether the run is still a success.
    /// (The hooks take their ids from `runIds`, the plans from `ids`: every worker of a run plans the same test
    /// cases with the same ids, whatever its hooks do.)
    func startRun(_ prepared: Prepared, emit: (Envelope) -> Void) async
        -> (started: TestRunStarted, passed: Bool, success: Bool)
    {
        let testRunStarted = TestRunStarted(timestamp: clock.timestamp(), id: ids.newId())
        emit(Envelope(testRunStarted: testRunStarted))
        var success = true
        let passed = await runGlobalHooks(
            .beforeAll, prepared.registry, runId: testRunStarted.id ?? "", root: prepared.root,
            success: &success, emit: emit)
        return (testRunStarted, passed, success)
    }

    /// The runner of one test case's attempts; `line` finds an AST node's line by the uri of its file and its id
    /// (for a step's `file:line`).
    func caseRunner(_ prepared: Prepared, line: @escaping @Sendable (_ uri: String, _ id: String) -> Int?) -> TestCaseRunner {
        let customTypes = Dictionary(
            prepared.registry.parameterTypes.map { ($0.code.name, $0.code.typeName) },
            uniquingKeysWith: { first, _ in first })
        var runner = TestCaseRunner(
            registry: prepared.registry, clock: clock, ids: runIds, dryRun: configuration.dryRun, root: prepared.root,
            snippets: SnippetWriter(
                compiler: prepared.registry.compiler, customTypes: customTypes,
                interface: configuration.snippetInterface),
            locate: { pickle, step in
                guard let id = step.astNodeIds.first, let line = line(pickle.uri, id) else { return nil }
                return "\(pickle.uri):\(line)"
            })
        runner.checkArguments = configuration.checkArguments
        runner.onePass = skipsInOnePass
        runner.collapsesSkippedSteps = collapsesSkippedSteps
        runner.lateAttachment = lateAttachment
        if let lateAttachment { UnboundAttachments.arm(lateAttachment) }
        runner.pendingSignal = pendingSignal
        runner.stopRequested = stopRequested
        runner.worldParameters = configuration.worldParameters
        runner.outOfScope = Self.outOfScopeMatcher(prepared.registry, root: prepared.root)
        // (Checked with the selection, which refuses a tag expression that does not parse.)
        runner.timeouts = (try? ScopedTimeouts(configuration.tagTimeouts)) ?? .empty
        return runner
    }

    /// Source, gherkinDocument and pickle messages (or parseErrors) file by file; the selected pickles.
    private func loadFeatures(
        _ prepared: Prepared, summary: inout RunSummary,
        emit: (Envelope) -> Void
    ) -> (pickles: [Pickle], lines: LineIndex) {
        var lines = LineIndex()
        let selecting = prepared.files.contains { $0.lines != nil }
        var selected: [Pickle] = []
        // Each distinct step text kept once by the selected pickles, whatever file it comes from.
        let stepTexts = StepTextPool()
        for file in prepared.files {
            let uri = relativePath(file.path, to: prepared.root)
            let envelopes = featureEnvelopes(file, uri: uri, texts: stepTexts)
            let parsed = send(
                envelopes, of: file, selection: prepared.selection, lines: &lines, selecting: selecting, into: &selected,
                emit: emit)
            if !parsed, !summary.unparsableFiles.contains(uri) { summary.unparsableFiles.append(uri) }
        }
        return (selected, lines)
    }

    /// Sends a feature file's envelopes, adding its document to `lines` (with what selects each node when
    /// `selecting`) and its pickles that `selection` selects to `selected`; false when the file did not parse.
    func send(
        _ envelopes: [Envelope], of file: FeatureFile, selection: PickleSelection, lines: inout LineIndex, selecting: Bool,
        into selected: inout [Pickle], emit: (Envelope) -> Void
    ) -> Bool {
        var parsed = true
        // Read where they are: `for envelope in`, `envelope.gherkinDocument` and an unselected `envelope.pickle`
        // would each copy what they read (a retain and a release of every string and array in it).
        for index in envelopes.indices {
            emit(envelopes[index])
            envelopes[index].withGherkinDocument { lines.add($0, selecting: selecting) }
            if envelopes[index].isParseError { parsed = false }
            if envelopes[index].withPickle({ selection.selects($0, lines: file.lines, index: lines) }) == true,
                let pickle = envelopes[index].pickle
            {
                selected.append(pickle)
            }
        }
        return parsed
    }

    /// The source, gherkinDocument and pickle messages of one feature file (or its parse errors), their ids from
    /// the file's part of `ids` (`PartIds.file`).
    func featureEnvelopes(_ file: FeatureFile, uri: String, texts: StepTextPool) -> [Envelope] {
        let ids = PartIds.file(uri, of: ids)
        if let document = configuration.documents[file.path] {
            return GherkinMessages.generate(
                data: document.gherkin, uri: uri,
                options: GherkinMessages.Options(descriptionTrimming: .blankLines), ids: ids,
                texts: texts
            )
            .map(document.remap)
        } else if let bytes = fileSystem.readData(file.path) {
            // Descriptions trimmed as cucumber-js does (the CCK's reference); `specrun gherkin` keeps the
            // Python reference's trimming, which the conformance corpus was made with.
            return GherkinMessages.generate(
                bytes: bytes, uri: uri,
                options: GherkinMessages.Options(descriptionTrimming: .blankLines), ids: ids,
                texts: texts)
        }
        // A name with bytes that are not UTF-8 was read from its folder with U+FFFD in their place: that name opens
        // nothing (found by a hostile sweep: it was "permission denied?", on a file anyone could read).
        let what =
            fileSystem.kind(of: file.path) == .directory
            ? "cannot read this folder (permission denied?), so none of its feature files ran"
            : file.path.contains("\u{FFFD}")
                ? "cannot read the file: its name has bytes that are not UTF-8 (shown as \u{FFFD}), so it cannot be opened by that name; rename it in UTF-8 (e.g. convmv -f latin1 -t utf8 --notest FILE)"
                : "cannot read the file (\(fileSystem.whyUnreadable?(file.path) ?? "permission denied?"))"
        return [Envelope(parseError: ParseError(source: SourceReference(uri: uri), message: "\(uri): \(what)"))]
    }

    /// What `open` emits of the feature files (see `loadFeatures`), and only that: their source (when `sources`),
    /// gherkinDocument and pickle messages or parse errors, file by file, with the ids `ids` gives them — the
    /// very same ones a run with the same id generator gives them. A supervisor makes them itself, in the same
    /// minutes as its first worker, rather than have that worker write them as JSON for it to read back.
    /// Throws what finding the files throws (the worker then reports it). `goOn` is asked before each file: false
    /// stops (an interrupted run does not parse the rest of a large suite first).
    public func emitDocuments(sources: Bool, goOn: () -> Bool = { true }, emit: (Envelope) -> Void) throws {
        let cursor = try documentCursor(sources: sources)
        while goOn(), let file = cursor.nextFile() {
            for index in file.indices { emit(file[index]) }
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
