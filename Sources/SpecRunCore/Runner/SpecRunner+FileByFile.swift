import Foundation
import Gherkin
import Messages
import SharedState

/// A run that plans and runs each feature file before it parses the next (`SpecRunner.plansFileByFile`): the
/// first scenario starts once the first file is parsed rather than the last, so the reports' thread writes the
/// scenarios while the rest of a large suite is parsed.
///
/// The same messages with the same ids as `execute` sends (every file's ids come from its own part of the run's ids,
/// every plan's from its pickle's, `PartIds`), in another order: meta, the support code, testRunStarted and the
/// BeforeAll hooks first; then, file by file, its source, gherkinDocument and pickles (or parse errors), its
/// selected pickles' `testCase` messages and their runs. A report that reads the run's index writes the same; the
/// message stream's own order (every `testCase` before the first run) is `execute`'s.
extension SpecRunner {
    /// Whether this run may be made file by file: asked for, in the files' own order, not split into shards (an
    /// order or a shard is chosen over every pickle of the run), its ids drawn from parts of their own (ids numbered
    /// in one sequence, `--predictable-ids`, would number the files otherwise, and the parse thread and the runner's
    /// would draw them in turns).
    var runsFileByFile: Bool {
        Self.runsFileByFile(asked: plansFileByFile, configuration: configuration, idsDeriveParts: ids.derivesParts)
    }

    /// Whether a run asked to be made file by file (`plansFileByFile`) of `configuration`, whose ids are drawn from
    /// parts of their own or not, is made so.
    public static func runsFileByFile(asked: Bool, configuration: RunConfiguration, idsDeriveParts: Bool) -> Bool {
        asked && idsDeriveParts && configuration.order == .defined && configuration.shard == nil
    }

    /// How many test cases of a file run between two calls of `betweenTestCases` (a batch of the reports holds a
    /// few dozen scenarios' envelopes).
    static let testCasesBetweenCalls = 64
    /// How many of a file's test cases are planned (their `testCase` messages sent) before they run: the plans are
    /// let go once these ran.
    static let planAhead = 128

    func executeFileByFile(_ prepared: Prepared, emit: (Envelope) -> Void) async -> RunSummary {
        // (Parsed from now on, as `execute` parses every file before the BeforeAll hooks run.)
        let files = prepared.files
        let parsing = ParseAhead(count: files.count, between: onParseThread) { [self, root = prepared.root] index, texts in
            featureEnvelopes(files[index], uri: relativePath(files[index].path, to: root), texts: texts)
        }
        var ready = prepared
        emit(Envelope(meta: meta ?? MetaFactory.make(environment: environment)))
        ready.registry.assignIds(ids, relativeTo: ready.root).forEach(emit)
        let registry = ready.registry
        let (testRunStarted, passed, success) = await startRun(ready, emit: emit)
        let runId = testRunStarted.id ?? ""
        let plans = FilePlans(registry: registry)
        // One match cache for every file's plans (a step text says the same in every file).
        let planner = plans.makePlanner()
        // Each file's node lines, by uri, for a failed step's `file:line` (a file's pickles name only its nodes).
        let lines = Locked<[String: LineIndex]>([:])
        var summary = RunSummary()
        summary.success = success
        let session = RunSession(
            runner: self, registry: registry, root: ready.root, plans: plans, keys: { [] },
            caseRunner: caseRunner(ready, line: { uri, id in lines.withLock { $0[uri]?.line(of: id) } }),
            testRunStarted: testRunStarted, summary: summary, beforeAllPassed: passed)
        let selecting = ready.files.contains { $0.lines != nil }
        var selectedAny = false
        var stopped = false
        for file in files {
            let uri = relativePath(file.path, to: ready.root)
            var selected = take(
                parsing.next() ?? [], of: file, uri: uri, prepared: ready, selecting: selecting, lines: lines, session: session,
                emit: emit)
            selectedAny = selectedAny || !selected.isEmpty
            // (As `execute`: no test case is planned when the BeforeAll hooks failed.) A few at a time: a file of
            // 20,000 scenarios holds only so many plans at once.
            var start = 0
            var ranInFile = 0
            while passed, start < selected.count {
                let chunk: [Pickle]
                if selected.count <= Self.planAhead {
                    // (A file that fits in one lot hands its selection over whole, not a copy of it: the plan book
                    // takes the pickles out of the array it alone holds.)
                    chunk = selected
                    selected = []
                } else {
                    chunk = Array(selected[start..<min(start + Self.planAhead, selected.count)])
                    start += chunk.count
                }
                let book = PlanBook(
                    registry: registry, pickles: consume chunk, ids: ids, testRunStartedId: runId, planner: planner
                ) { plan in
                    emit(Envelope(testCase: plan.testCase))
                }
                let first = plans.add(book)
                // Once the run is to stop, the files left are still sent and planned (the reports hold what
                // `execute`'s do), but nothing more runs.
                for position in first..<(first + book.count) {
                    if stopped || stopRequested?() == true {
                        stopped = true
                        break
                    }
                    await session.run(position, emit: emit)
                    ranInFile += 1
                    if ranInFile % Self.testCasesBetweenCalls == 0 { betweenTestCases?() }
                }
                plans.letGo()
            }
            betweenTestCases?()
        }
        session.state.withLock { $0.summary.nothingSelected = !selectedAny }
        let final = await session.finish(emit: emit)
        if keepsRunUntilExit { _ = Unmanaged.passRetained(session) }
        return final
    }

    /// A parsed file's messages sent (`send`), its nodes' lines kept for a failed step's `file:line`, and, when it
    /// could not be parsed, its uri in the session's summary: the pickles it selects. Each file of a run made file by
    /// file, in this process (`executeFileByFile`) or a worker's (`FilePlanning`).
    func take(
        _ envelopes: [Envelope], of file: FeatureFile, uri: String, prepared: Prepared, selecting: Bool,
        lines: Locked<[String: LineIndex]>, session: RunSession, emit: (Envelope) -> Void
    ) -> [Pickle] {
        var index = LineIndex()
        var selected: [Pickle] = []
        let parsed = send(
            envelopes, of: file, selection: prepared.selection, lines: &index, selecting: selecting, into: &selected, emit: emit)
        lines.withLock { $0[uri] = index.forLocations() }
        if !parsed {
            session.state.withLock { state in
                if !state.summary.unparsableFiles.contains(uri) { state.summary.unparsableFiles.append(uri) }
            }
        }
        return selected
    }
}
