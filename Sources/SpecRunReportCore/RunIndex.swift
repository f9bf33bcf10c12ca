import Messages

/// Everything a report needs to know about a run, indexed from the envelope stream.
/// It does not depend on the interleaving of test cases: test case messages may arrive mixed, as in a parallel run,
/// and several runs' streams may be merged.
package final class RunIndex {
    #if DEBUG  // exclusivity checked in tests; unchecked in release: each part is touched for every pickle, step or result indexed
    private var parts = Parts()
    #else
    @exclusivity(unchecked) private var parts = Parts()
    #endif

    /// The parts, each with its own state: documents, pickles, definitions, test cases and attempts.
    private struct Parts {
        var documents = IndexedDocuments()
        var pickles = IndexedPickles()
        var definitions = IndexedDefinitions()
        var attempts = IndexedAttempts()
        /// The pickles of the attempts that started last: the step a suggestion names is almost always one of theirs.
        var recentSteps = RecentPickleSteps()
        /// The attempt whose steps go when the next envelope comes (`passedToLetGo`).
        var passedToLetGo: Attempt?
        /// What the index keeps and how it reads the stream (the `keeps…`, `stepsUnsaid` and
        /// `sharesRepeatedParts` properties): here, not as stored properties of the class, whose every read for an
        /// envelope was a dynamic exclusivity check (callgrind).
        var keepsStepArguments = true
        var keepsScenarioTags = true
        var keepsPassedSteps = true
        var stepsUnsaid: TestStepResultStatus?
        var sharesRepeatedParts = true
    }

    package init() {}

    // What the run as a whole sent.
    package private(set) var metas: [Meta] = []
    /// The first snippet's code of each suggestion for a pickle step, by its number in `snippetCodes`.
    private(set) var suggestions = SuggestionStore()
    /// Each distinct code suggested (a suggestion's first snippet's), numbered in the order it first came.
    package private(set) var snippetCodes = SnippetCodes()
    package private(set) var runStarted: [TestRunStarted] = []
    package private(set) var runFinished: [TestRunFinished] = []
    package private(set) var runHookStarted: [String: TestRunHookStarted] = [:]
    package private(set) var runHookFinished: [TestRunHookFinished] = []
    package private(set) var runAttachments: [Attachment] = []
    /// The bodies of the run's requirements attachments (`RequirementsAttachment`), each distinct body once.
    package private(set) var requirementsBodies: [String] = []
    /// Whether test steps keep their match arguments: only the JSON and HTML reports print them
    /// (`ListenerNeeds.stepArguments`); without them the index neither reduces nor pools them.
    package var keepsStepArguments: Bool {
        get { parts.keepsStepArguments }
        set { parts.keepsStepArguments = newValue }
    }
    /// Whether the documents' scenarios keep their own tags: only the HTML reports read them
    /// (`ListenerNeeds.scenarioTags`); every other report reads a pickle's tags. Set before the documents come.
    package var keepsScenarioTags: Bool {
        get { parts.keepsScenarioTags }
        set { parts.keepsScenarioTags = newValue }
    }
    /// Whether a passed (or skipped: a dry run's) test case keeps its test steps and its pickle's steps (with their
    /// results) once every report handled its `testCaseFinished` (`ListenerNeeds.passedSteps`): a run printed on
    /// the console alone lets them go then, keeping the count of its steps for the summary (`letGoOfSteps`).
    package var keepsPassedSteps: Bool {
        get { parts.keepsPassedSteps }
        set { parts.keepsPassedSteps = newValue }
    }
    /// The status of the steps whose `testStepFinished` the stream leaves out when a later step's of the same attempt
    /// follows; nil: it says every step. A run whose reports read no passed or skipped step's own times
    /// (`ListenerNeeds.passedStepTimes`): `.passed` for one whose supervisor says of the steps a worker counted as
    /// passed (`WorkerConfiguration.collapsesPassedSteps`) only the last; `.skipped` for one in this process that says
    /// only the last of the skipped steps in a row of a test case none of whose code runs
    /// (`SpecRunner.collapsesSkippedSteps`: a dry run). A step result then fills the steps of its attempt before it
    /// that have none with this status, taking no time (`pickleStepsFilled`). Set before the run's first envelope;
    /// never for a stream read back.
    package var stepsUnsaid: TestStepResultStatus? {
        get { parts.stepsUnsaid }
        set { parts.stepsUnsaid = newValue }
    }
    /// How many pickle steps (not hooks) the last `testStepFinished` filled (`stepsUnsaid`), and their status: the
    /// `progress` report prints them before that step.
    package var pickleStepsFilled: (count: Int, status: TestStepResultStatus) {
        (parts.attempts.pickleStepsFilled, parts.attempts.filledStatus)
    }
    /// The passed (or skipped) attempt whose steps go when the next envelope comes: every report has handled its
    /// `testCaseFinished` then (each envelope goes to every report before the next one).
    private var passedToLetGo: Attempt? {
        get { parts.passedToLetGo }
        set { parts.passedToLetGo = newValue }
    }
    /// Whether the index makes the stream's repeated parts share one copy itself: each distinct step text one string
    /// (`compact`), each definition one `stepDefinitionIds` array (`IndexedDefinitions.sharedIds`). Off for a stream
    /// whose maker shares them already — specrun's own compiler and planner, in a run
    /// (`FormatterFactory(sharedAtSource:)`) — so that no step is looked up to share what is shared.
    package var sharesRepeatedParts: Bool {
        get { parts.sharesRepeatedParts }
        set { parts.sharesRepeatedParts = newValue }
    }
    /// Whether a test case's steps may be kept in the message's own array (when each id it names is inline): the
    /// index shares no repeated parts itself and keeps no match arguments (`keepsStepsAsSent`).
    package var keepsTestStepsAsSent: Bool { !sharesRepeatedParts && !keepsStepArguments }
    package private(set) var parseErrors: [ParseError] = []
    private(set) var undefinedParameterTypes: [UndefinedParameterType] = []

    // The parts' state as the reports read it.
    /// The Gherkin document of each uri (its feature, without what `Compaction` leaves out).
    package var documents: [String: DocumentTree] { parts.documents.byUri }
    package var documentOrder: [String] { parts.documents.order }
    var nodes: IdTable<Lineage> { parts.documents.nodes }
    /// The pickles in the order they first came.
    package var pickleStore: [Pickle] { parts.pickles.store }
    /// By slot: whether the pickle's steps are kept without their AST node ids (see `compact`).
    package var derivedStepIds: [Bool] { parts.pickles.derivedStepIds }
    /// One string for every pickle step of the same text.
    var stepTextPool: Set<IdKey> { parts.pickles.textPool }
    package var pickleOrder: [String] { parts.pickles.store.map(\.id) }
    /// Where each pickle step is: its pickle and position (not a copy of the step), placed when first asked.
    var pickleStepPlaces: PickleStepTable { parts.pickles.stepTable }
    package var stepDefinitions: [String: StepDefinition] { parts.definitions.steps }
    package var stepDefinitionOrder: [String] { parts.definitions.order }
    /// `uri:line` of each step definition, made once (the console prints one per step).
    var definitionLocations: IdTable<String> { parts.definitions.locations }
    package var hooks: [String: Hook] { parts.definitions.hooks }
    /// The attempt with this id.
    func attempt(id: String) -> Attempt? { parts.attempts.attemptById(id) }
    /// The attempts in the order they first came (an attempt sent again takes the place of the first).
    var attemptList: [Attempt] { parts.attempts.list }

    /// Indexes an envelope, keeping only what the reports read: the Gherkin AST without the text the pickles
    /// repeat, no source text, ids that refer to something indexed earlier sharing that one's storage.
    package func handle(_ envelope: Envelope) {
        if let passed = passedToLetGo {
            passedToLetGo = nil
            letGoOfSteps(of: passed)
        }
        // One accessor per envelope: each one asked copies the envelope's message box.
        switch envelope.kind {
        case .meta: if let meta = envelope.meta { metas.append(meta) }
        case .gherkinDocument:
            if let document = envelope.gherkinDocument { parts.documents.add(document, keepsScenarioTags: keepsScenarioTags) }
        case .pickle: envelope.withPickle { index($0) }
        case .stepDefinition:
            guard let definition = envelope.stepDefinition else { return }
            parts.definitions.add(definition, location: location(of: definition.sourceReference))
        case .hook: if let hook = envelope.hook { parts.definitions.add(hook) }
        case .testCase: envelope.withTestCase { index($0) }
        case .testCaseStarted:
            guard let started = envelope.testCaseStarted else { return }
            if let slot = parts.attempts.start(started), slot >= 0 { parts.recentSteps.started(slot: slot) }
        case .testStepFinished: envelope.withTestStepFinished { parts.attempts.record($0, fillingUnsaid: stepsUnsaid) }
        case .attachment:
            guard let attachment = envelope.attachment else { return }
            if RequirementsAttachment.isRequirements(attachment) {
                if !requirementsBodies.contains(attachment.body) { requirementsBodies.append(attachment.body) }
            } else if let attemptId = attachment.testCaseStartedId, let attempt = parts.attempts.attempt(id: attemptId) {
                attempt.attachments[attachment.testStepId ?? "", default: []].append(attachment)
            } else {
                runAttachments.append(attachment)
            }
        case .externalAttachment:
            guard let external = envelope.externalAttachment, let attemptId = external.testCaseStartedId else { return }
            parts.attempts.attempt(id: attemptId)?.externalAttachments[external.testStepId ?? "", default: []].append(external)
        case .testCaseFinished:
            guard let finished = envelope.testCaseFinished, let attempt = parts.attempts.finish(finished) else { return }
            // Worked out while its outcomes are at hand: the summary asks it of every attempt at the end.
            guard attempt.record != nil else { return }
            let status = status(of: attempt)
            if !keepsPassedSteps, status == .passed || status == .skipped, attempt.isFinal { passedToLetGo = attempt }
        case .suggestion:
            guard let suggestion = envelope.suggestion else { return }
            let code = suggestion.snippets.first.map { snippetCodes.number(of: $0.code) } ?? SnippetCodes.none
            let place = parts.recentSteps.place(of: suggestion.pickleStepId, in: parts.pickles.store)
            let stepCount = place.map { parts.pickles.store[Int($0.slot)].steps.count } ?? 0
            // (Kept by id: the index's own copy of the id.)
            let id = place == nil ? canonicalPickleStepId(suggestion.pickleStepId) : suggestion.pickleStepId
            suggestions.add(code, id: id, place: place, stepCount: stepCount)
        case .testRunStarted: if let started = envelope.testRunStarted { runStarted.append(started) }
        case .testRunFinished: if let finished = envelope.testRunFinished { runFinished.append(finished) }
        case .testRunHookStarted: if let started = envelope.testRunHookStarted { runHookStarted[started.id] = started }
        case .testRunHookFinished: if let finished = envelope.testRunHookFinished { runHookFinished.append(finished) }
        case .parseError: if let error = envelope.parseError { parseErrors.append(error) }
        case .undefinedParameterType: if let undefined = envelope.undefinedParameterType { undefinedParameterTypes.append(undefined) }
        case .none, .source, .parameterType, .testStepStarted: break
        }
    }

    /// Keeps a pickle as `compact` makes it, in its slot (a pickle sent again keeps its slot), and where each of
    /// its steps is.
    private func index(_ message: borrowing Pickle) {
        var pickle = copy message
        let derived = compact(&pickle)
        parts.pickles.keep(pickle, derived: derived)
    }

    /// Keeps a test case with the ids it names sharing the index's copies, its steps in a new array (not the
    /// message's, copied on the first change) and their match arguments reduced (or none, see `keepsStepArguments`);
    /// or the message's own steps array when the index would make every step the same (`keepsStepsAsSent`).
    private func index(_ message: borrowing TestCase) {
        var testCase = copy message
        let slot = parts.pickles.slot(ofCase: testCase.pickleId)
        if let slot, !Compaction.isInline(testCase.pickleId) { testCase.pickleId = parts.pickles.store[slot].id }
        testCase.testRunStartedId = nil
        if keepsStepsAsSent(message.testSteps) {
            let record = parts.attempts.add(testCase, expected: parts.pickles.store.count)
            record.pickleSlot = slot.map(Int32.init) ?? -1
            return
        }
        // The pickle's steps, walked along with the test steps: the next one is almost always the one named.
        let pickleSteps = slot.map { parts.pickles.store[$0].steps } ?? []
        // The message's steps read in place, a field at a time (an array's element read for each field would copy
        // the whole step).
        testCase.testSteps = message.testSteps.withUnsafeBufferPointer { source in
            var steps: [TestStep] = []
            steps.reserveCapacity(source.count)
            var next = 0
            for position in source.indices {
                // Made from the message's fields, each as the index keeps it.
                var pickleStepId: String?
                // The text of its pickle step, found on the walk (or by id): it keys the pooled match arguments.
                var text: String?
                if let id = source[position].pickleStepId {
                    if next < pickleSteps.count, IdKey.sameBytes(pickleSteps[next].id, id) {
                        pickleStepId = pickleSteps[next].id
                        if keepsStepArguments { text = pickleSteps[next].text }
                        next += 1
                    } else {
                        pickleStepId = Compaction.isInline(id) ? id : canonicalPickleStepId(id)
                    }
                }
                if keepsStepArguments && text == nil { text = pickleStepId.flatMap(pickleStepText) }
                var hookId = source[position].hookId
                if let id = hookId, !Compaction.isInline(id) { hookId = Compaction.canonical(id, in: parts.definitions.hooks) }
                let definitionIds =
                    sharesRepeatedParts
                    ? parts.definitions.sharedIds(source[position].stepDefinitionIds)
                    : source[position].stepDefinitionIds
                var arguments: [StepMatchArgumentsList]?
                if keepsStepArguments, let lists = source[position].stepMatchArgumentsLists {
                    arguments = parts.definitions.reducedArguments(lists, definitionId: definitionIds?.first, text: text) ?? lists
                }
                // Made where it is appended (a step made first, then appended, would be copied).
                steps.append(
                    TestStep(
                        hookId: hookId, id: source[position].id, pickleStepId: pickleStepId,
                        stepDefinitionIds: definitionIds, stepMatchArgumentsLists: arguments))
            }
            return steps
        }
        let record = parts.attempts.add(testCase, expected: parts.pickles.store.count)
        record.pickleSlot = slot.map(Int32.init) ?? -1
    }

    /// Whether a test case's steps are kept in the message's own array: the array the index would make holds the
    /// same steps when each id it names is inline (nothing to share), the stream shares its definition-id arrays at
    /// source (`sharesRepeatedParts` off) and no report reads match arguments (`keepsStepArguments` off: the index
    /// would drop them; kept, they are the run's shared arrays, read by no report). The index then holds no second
    /// array per test case: a run's test cases all arrive in its prelude, before the first scenario lets its go.
    private func keepsStepsAsSent(_ steps: borrowing [TestStep]) -> Bool {
        guard keepsTestStepsAsSent else { return false }
        return steps.withUnsafeBufferPointer { steps in
            for position in steps.indices {
                if let id = steps[position].pickleStepId, !Compaction.isInline(id) { return false }
                if let id = steps[position].hookId, !Compaction.isInline(id) { return false }
            }
            return true
        }
    }

    /// Lets go of a passed, final attempt's test steps and results and its pickle's steps (`keepsPassedSteps`).
    private func letGoOfSteps(of attempt: Attempt) {
        guard let record = attempt.record else { return }
        parts.attempts.letGoOfSteps(of: attempt, record: record)
        if record.pickleSlot >= 0 { parts.pickles.letGoOfSteps(slot: Int(record.pickleSlot)) }
    }

    /// The attempt with this id, for a report handling its `testCaseFinished` after the index did: the one that
    /// message finished, without looking it up again.
    package func finishedAttempt(id: String) -> Attempt? { parts.attempts.finishedAttempt(id: id) }

    /// The pickle in `slot` as the index keeps it (see `storedPickle(of:)`), lent to `body` where it lies (its
    /// `pointee` read in place: a copy of a pickle retains each of its strings and arrays).
    package func withStoredPickle<Result>(slot: Int, _ body: (UnsafePointer<Pickle>) -> Result) -> Result {
        parts.pickles.withPickle(slot: slot, body)
    }

    /// The one copy of a step text the index keeps (`compact`).
    func sharedStepText(_ text: String) -> String { parts.pickles.textPool.shared(text) }

    /// `uri:line` of the single step definition of a test step of a test case the index keeps (its definition ids
    /// are the index's shared arrays, see `DefinitionLocationCache`).
    package func indexedDefinitionLocation(ids: [String]?) -> String? {
        guard let ids, ids.count == 1 else { return nil }
        let locations = parts.definitions.locations
        return parts.definitions.locationCache.location(of: ids) { locations[id: $0] }
    }

    // MARK: - Queries

    /// The index's own copy of a pickle step id (an id of over 15 bytes is a heap string: one copy for all).
    private func canonicalPickleStepId(_ id: String) -> String {
        guard !Compaction.isInline(id), let place = pickleStepPlaces.place(of: id, in: parts.pickles.store) else { return id }
        return parts.pickles.store[Int(place.slot)].steps[Int(place.position)].id
    }

    /// Whether a test step of an attempt runs a hook; nil for an unknown attempt or test step.
    package func isHook(testStepId: String, attemptId: String) -> Bool? {
        parts.attempts.isHook(testStepId: testStepId, attemptId: attemptId)
    }

    /// The test case of an attempt, found when it started or (for a stream that sent it later) now.
    package func record(of attempt: Attempt) -> CaseRecord? { parts.attempts.record(of: attempt) }

    /// Every test case, in the order they were planned.
    var allTestCases: [TestCase] { allCaseRecords.map(\.testCase) }

    /// Every test case as the index keeps it, in the order they were planned.
    package var allCaseRecords: [CaseRecord] { parts.attempts.caseList }

    /// The result of a test step of an attempt's test case, once it finished.
    package func outcome(of step: TestStep, in attempt: Attempt) -> StepOutcome? {
        guard let position = record(of: attempt)?.position(of: step.id, from: 0) else { return nil }
        return attempt.outcome(at: position)
    }

    package func testCase(of attempt: Attempt) -> TestCase? { record(of: attempt)?.testCase }

    package func pickle(of attempt: Attempt) -> Pickle? { testCase(of: attempt).flatMap { pickle(id: $0.pickleId) } }

    /// The slot of a pickle in the index (stable for the run: a pickle sent again keeps its slot).
    package func pickleSlot(id: String) -> Int? { parts.pickles.slot(id: id) }

    /// A pickle by id.
    package func pickle(id: String) -> Pickle? { parts.pickles.slot(id: id).map { restored(slot: $0) } }

    /// The status of an attempt: its most severe step result (PASSED for a test case without steps).
    package func status(of attempt: Attempt) -> TestStepResultStatus {
        if let known = parts.attempts.knownStatus(of: attempt) { return known }
        let status = Self.unfinishedIsUnknown(
            worstStatus(of: attempt), finished: attempt.finished != nil, hasSteps: testCase(of: attempt)?.testSteps.isEmpty == false)
        parts.attempts.keep(status, of: attempt)
        return status
    }

    /// An attempt's status from its worst step's: one that never finished is UNKNOWN unless a step says worse —
    /// every step it has may have passed, yet the scenario did not finish (a saved stream cut, or a run's test
    /// case left open), and doubt is never green. PASSED for a finished test case without steps.
    static func unfinishedIsUnknown(_ worst: TestStepResultStatus?, finished: Bool, hasSteps: Bool) -> TestStepResultStatus {
        guard !finished, hasSteps else { return worst ?? .passed }
        guard let worst, worst > .passed else { return .unknown }
        return worst
    }

    /// The status of `worstResult(of:)`, read from the outcomes alone (no result made for each step).
    private func worstStatus(of attempt: Attempt) -> TestStepResultStatus? {
        guard let count = record(of: attempt)?.testCase.testSteps.count else { return nil }
        var worst: TestStepResultStatus?
        for position in 0..<min(count, attempt.results.outcomes.count) {
            guard let status = attempt.results.outcomes[position]?.status else { continue }
            if worst.map({ status > $0 }) ?? true { worst = status }
        }
        return worst
    }
}
