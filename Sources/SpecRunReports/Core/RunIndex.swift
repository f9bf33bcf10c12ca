import Messages

/// Everything a report needs to know about a run, indexed from the envelope stream.
/// It does not depend on the interleaving of test cases: test case messages may arrive mixed, as in a parallel run,
/// and several runs' streams may be merged.
final class RunIndex {
    /// One attempt at running a test case (one `testCaseStarted`).
    final class Attempt {
        let started: TestCaseStarted
        /// Its position in `attemptList` (an attempt sent again takes the first one's).
        @exclusivity(unchecked) fileprivate(set) var place: Int
        /// Its test case, found when it started (nil when the stream had not sent it yet).
        @exclusivity(unchecked) fileprivate(set) var record: CaseRecord?
        @exclusivity(unchecked) var finished: TestCaseFinished?
        /// The result of each finished test step, by its position in the test case (nil: not finished).
        @exclusivity(unchecked) fileprivate(set) var outcomes: [StepOutcome?] = []
        /// The position after the last step that finished: where the next one is looked for first.
        @exclusivity(unchecked) fileprivate var nextStep: Int32 = 0
        /// Its status once worked out after it finished (`status(of:)`): the summary, the failing list and the
        /// reports each ask it of every attempt. Forgotten when another step result arrives.
        @exclusivity(unchecked) fileprivate var knownStatus: TestStepResultStatus?
        @exclusivity(unchecked) var attachments: [String: [Attachment]] = [:]
        @exclusivity(unchecked) var externalAttachments: [String: [ExternalAttachment]] = [:]
        init(started: TestCaseStarted, place: Int) {
            self.started = started
            self.place = place
        }
        var id: String { started.id }
        var isFinal: Bool { finished?.willBeRetried != true }

        /// The result of the test step at a position of the test case, once it finished.
        func outcome(at position: Int) -> StepOutcome? { position < outcomes.count ? outcomes[position] : nil }
    }

    @exclusivity(unchecked) private(set) var metas: [Meta] = []
    /// The Gherkin document of each uri (its feature, without what `Compaction` leaves out).
    @exclusivity(unchecked) private(set) var documents: [String: DocumentTree] = [:]
    @exclusivity(unchecked) private(set) var documentOrder: [String] = []
    @exclusivity(unchecked) private var documentUris: Set<String> = []
    @exclusivity(unchecked) private(set) var nodes: IdTable<Lineage> = [:]
    /// The pickles in the order they first came; `pickleSlots` finds one by id.
    @exclusivity(unchecked) private(set) var pickleStore: [Pickle] = []
    @exclusivity(unchecked) private var pickleSlots: IdTable<Int32> = [:]
    /// By slot: whether the pickle's steps are kept without their AST node ids (see `compacted`).
    @exclusivity(unchecked) private(set) var derivedStepIds: [Bool] = []
    /// One string for every pickle step of the same text (a suite says the same steps again and again).
    @exclusivity(unchecked) var stepTextPool: Set<IdKey> = []
    var pickleOrder: [String] { pickleStore.map(\.id) }
    /// Where each pickle step is: its pickle and position (not a copy of the step), placed when first asked.
    var pickleStepPlaces: PickleStepTable { stepPlaces.table(placing: pickleStore) }
    private let stepPlaces = PendingPickleStepTable()
    @exclusivity(unchecked) private(set) var stepDefinitions: [String: StepDefinition] = [:]
    @exclusivity(unchecked) private(set) var stepDefinitionOrder: [String] = []
    /// `uri:line` of each step definition, made once (the console prints one per step).
    @exclusivity(unchecked) private(set) var definitionLocations: IdTable<String> = [:]
    /// The locations the console printed last (`indexedDefinitionLocation(ids:)`).
    @exclusivity(unchecked) var locationCache = DefinitionLocationCache()
    @exclusivity(unchecked) private(set) var hooks: [String: Hook] = [:]
    /// Each test case (and its place in the planned order); an attempt finds its test steps through it.
    @exclusivity(unchecked) private var testCases: IdTable<CaseRecord> = [:]
    /// The test cases in the planned order (each one's `order` is its position).
    @exclusivity(unchecked) private var caseList: [CaseRecord] = []
    /// Where the next test case to start is looked for first in `caseList`: they start in the planned order.
    @exclusivity(unchecked) private var nextCaseToStart = 0
    /// Where the pickle of the next test case is looked for first in `pickleStore`: test cases are planned in the
    /// pickles' order.
    @exclusivity(unchecked) private var nextPickleOfCase = 0
    @exclusivity(unchecked) private(set) var attempts: IdTable<Attempt> = [:]
    /// The attempts in the order they first came (an attempt sent again takes the place of the first).
    @exclusivity(unchecked) private(set) var attemptList: [Attempt] = []
    /// The attempt that started or had a step result last (`attempt(id:)`): a test case's messages come one after
    /// the other.
    @exclusivity(unchecked) private var lastAttempt: Attempt?
    /// The attempt the last `testCaseFinished` indexed finished (`finishedAttempt(id:)`).
    @exclusivity(unchecked) private var lastFinished: Attempt?
    /// The first snippet's code of each suggestion for a pickle step, by its number in `snippetCodes`.
    @exclusivity(unchecked) private(set) var suggestions = SuggestionStore()
    /// The pickles of the attempts that started last: the step a suggestion names is almost always one of theirs.
    @exclusivity(unchecked) private var recentSteps = RecentPickleSteps()
    /// Each distinct code suggested (a suggestion's first snippet's), numbered in the order it first came.
    @exclusivity(unchecked) private(set) var snippetCodes = SnippetCodes()
    /// Reduced match arguments by step text and definition: steps with the same text matched by the same
    /// definition share one copy.
    @exclusivity(unchecked) private var argumentPool: [ArgumentsKey: [StepMatchArgumentsList]] = [:]
    @exclusivity(unchecked) private var definitionIdArrays: IdTable<[String]> = [:]
    @exclusivity(unchecked) private(set) var runStarted: [TestRunStarted] = []
    @exclusivity(unchecked) private(set) var runFinished: [TestRunFinished] = []
    @exclusivity(unchecked) private(set) var runHookStarted: [String: TestRunHookStarted] = [:]
    @exclusivity(unchecked) private(set) var runHookFinished: [TestRunHookFinished] = []
    @exclusivity(unchecked) private(set) var runAttachments: [Attachment] = []
    /// The bodies of the run's requirements attachments (`RequirementsAttachment`), each distinct body once.
    @exclusivity(unchecked) private(set) var requirementsBodies: [String] = []
    /// Whether test steps keep their match arguments: only the JSON and HTML reports print them, and reducing and
    /// pooling them was a twentieth of indexing a run for the console alone.
    @exclusivity(unchecked) var keepsStepArguments = true
    @exclusivity(unchecked) private(set) var parseErrors: [ParseError] = []
    @exclusivity(unchecked) private(set) var undefinedParameterTypes: [UndefinedParameterType] = []

    /// Indexes an envelope, keeping only what the reports read: the Gherkin AST without the text the pickles
    /// repeat, no source text, ids that refer to something indexed earlier sharing that one's storage.
    func handle(_ envelope: Envelope) {
        // One accessor per envelope: each one asked copies the envelope's message box.
        switch envelope.kind {
        case .meta: if let meta = envelope.meta { metas.append(meta) }
        case .gherkinDocument:
            guard let document = envelope.gherkinDocument else { return }
            let uri = document.uri ?? ""
            if documentUris.insert(uri).inserted { documentOrder.append(uri) }
            documents[uri] = Lineage.index(document, into: &nodes)
        case .pickle: envelope.withPickle { index($0) }
        case .stepDefinition:
            guard let definition = envelope.stepDefinition else { return }
            if stepDefinitions[definition.id] == nil { stepDefinitionOrder.append(definition.id) }
            stepDefinitions[definition.id] = definition
            definitionLocations[id: definition.id] = location(of: definition.sourceReference)
            locationCache = DefinitionLocationCache()
        case .hook: if let hook = envelope.hook { hooks[hook.id] = hook }
        case .testCase: envelope.withTestCase { index($0) }
        case .testCaseStarted: if let started = envelope.testCaseStarted { start(started) }
        case .testStepFinished: envelope.withTestStepFinished { record($0) }
        case .attachment:
            guard let attachment = envelope.attachment else { return }
            if RequirementsAttachment.isRequirements(attachment) {
                if !requirementsBodies.contains(attachment.body) { requirementsBodies.append(attachment.body) }
            } else if let attemptId = attachment.testCaseStartedId, let attempt = attempt(id: attemptId) {
                attempt.attachments[attachment.testStepId ?? "", default: []].append(attachment)
            } else {
                runAttachments.append(attachment)
            }
        case .externalAttachment:
            guard let external = envelope.externalAttachment, let attemptId = external.testCaseStartedId else { return }
            attempt(id: attemptId)?.externalAttachments[external.testStepId ?? "", default: []].append(external)
        case .testCaseFinished:
            guard let finished = envelope.testCaseFinished, let attempt = attempt(id: finished.testCaseStartedId) else { return }
            attempt.finished = finished
            lastFinished = attempt
            // Worked out while its outcomes are at hand: the summary asks it of every attempt at the end.
            if attempt.record != nil { _ = status(of: attempt) }
        case .suggestion:
            guard let suggestion = envelope.suggestion else { return }
            let code = suggestion.snippets.first.map { snippetCodes.number(of: $0.code) } ?? SnippetCodes.none
            let place = recentSteps.place(of: suggestion.pickleStepId, in: pickleStore)
            let stepCount = place.map { pickleStore[Int($0.slot)].steps.count } ?? 0
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

    /// A new attempt at its test case.
    private func start(_ message: TestCaseStarted) {
        var started = message
        let record = caseRecord(started: started.testCaseId)
        if let record { started.testCaseId = record.testCase.id }
        let attempt = Attempt(started: started, place: attemptList.count)
        attempt.record = record
        if let count = record?.testCase.testSteps.count { attempt.outcomes = Array(repeating: nil, count: count) }
        // As many attempts as test cases, but for retries: the table made that big at once (see `index(_: TestCase)`).
        if attempts.isEmpty { attempts.reserveCapacity(testCases.count) }
        // One lookup: an attempt sent again (a merged stream) keeps its place in the order.
        if let replaced = attempts.updateValue(attempt, forKey: IdKey(started.id)) {
            // (By its place, not searched for: a stream that sends every attempt twice is not quadratic.)
            attempt.place = replaced.place
            attemptList[replaced.place] = attempt
        } else {
            attemptList.append(attempt)
        }
        lastAttempt = attempt
        if let slot = record?.pickleSlot, slot >= 0 { recentSteps.started(slot: slot) }
    }

    /// A test step's result, kept by its position in its attempt's test case.
    private func record(_ finished: borrowing TestStepFinished) {
        guard let attempt = attempt(id: finished.testCaseStartedId),
              let position = record(of: attempt)?.position(of: finished.testStepId, from: Int(attempt.nextStep)) else { return }
        attempt.nextStep = Int32(clamping: position + 1)
        if attempt.outcomes.count <= position {
            attempt.outcomes.append(contentsOf: repeatElement(nil, count: position + 1 - attempt.outcomes.count))
        }
        attempt.outcomes[position] = StepOutcome(finished.testStepResult)
        attempt.knownStatus = nil
    }

    /// Keeps a pickle as `compact` makes it, in its slot (a pickle sent again keeps its slot), and where each of
    /// its steps is.
    private func index(_ message: borrowing Pickle) {
        var pickle = copy message
        let derived = compact(&pickle)
        var slot = Int32(pickleStore.count)
        // One lookup for a new pickle: a known one gets its slot back.
        if let known = pickleSlots.updateValue(slot, forKey: IdKey(pickle.id)) {
            slot = known
            pickleSlots[id: pickle.id] = known
            pickleStore[Int(known)] = pickle
            derivedStepIds[Int(known)] = derived
        } else {
            pickleStore.append(pickle)
            derivedStepIds.append(derived)
        }
        stepPlaces.came(slot)
    }

    /// Keeps a test case with the ids it names sharing the index's copies, its steps in a new array (not the
    /// message's, copied on the first change) and their match arguments reduced (or none, see `keepsStepArguments`).
    private func index(_ message: borrowing TestCase) {
        var testCase = copy message
        let slot = pickleSlot(ofCase: testCase.pickleId)
        if let slot, !Compaction.isInline(testCase.pickleId) { testCase.pickleId = pickleStore[slot].id }
        testCase.testRunStartedId = nil
        // The pickle's steps, walked along with the test steps: the next one is almost always the one named.
        let pickleSteps = slot.map { pickleStore[$0].steps } ?? []
        // The message's steps read in place, a field at a time (an array's element read for each field was a copy
        // of the whole step).
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
                    if next < pickleSteps.count, pickleSteps[next].id == id {
                        pickleStepId = pickleSteps[next].id
                        if keepsStepArguments { text = pickleSteps[next].text }
                        next += 1
                    } else {
                        pickleStepId = Compaction.isInline(id) ? id : canonicalPickleStepId(id)
                    }
                }
                if keepsStepArguments && text == nil { text = pickleStepId.flatMap(pickleStepText) }
                var hookId = source[position].hookId
                if let id = hookId, !Compaction.isInline(id) { hookId = Compaction.canonical(id, in: hooks) }
                let definitionIds = sharedDefinitionIds(source[position].stepDefinitionIds)
                var arguments: [StepMatchArgumentsList]?
                if keepsStepArguments, let lists = source[position].stepMatchArgumentsLists {
                    arguments = reducedArguments(lists, definitionId: definitionIds?.first, text: text) ?? lists
                }
                // Made where it is appended (a step made first, then appended, was copied).
                steps.append(TestStep(hookId: hookId, id: source[position].id, pickleStepId: pickleStepId,
                                      stepDefinitionIds: definitionIds, stepMatchArgumentsLists: arguments))
            }
            return steps
        }
        // A run plans a test case per pickle: the table made that big at once, not grown (rehashing every id)
        // as they come.
        if testCases.isEmpty { testCases.reserveCapacity(pickleStore.count) }
        var record = CaseRecord(testCase: testCase, order: testCases.count)
        // One lookup for a new test case: a known one is updated in place.
        if let known = testCases.updateValue(record, forKey: IdKey(testCase.id)) {
            testCases[id: testCase.id] = known
            known.testCase = testCase
            record = known
        } else {
            caseList.append(record)
        }
        record.pickleSlot = slot.map(Int32.init) ?? -1
    }

    /// The slot of the pickle a test case names: the one after the previous test case's when it is that one
    /// (compared, not hashed), otherwise looked up.
    private func pickleSlot(ofCase pickleId: String) -> Int? {
        if nextPickleOfCase < pickleStore.count, pickleStore[nextPickleOfCase].id == pickleId {
            nextPickleOfCase += 1
            return nextPickleOfCase - 1
        }
        guard let slot = pickleSlots[id: pickleId] else { return nil }
        nextPickleOfCase = Int(slot) + 1
        return Int(slot)
    }

    /// The test case an attempt starts: the one after the previous attempt's when it is that one (compared, not
    /// hashed), otherwise looked up.
    private func caseRecord(started testCaseId: String) -> CaseRecord? {
        if nextCaseToStart < caseList.count, caseList[nextCaseToStart].testCase.id == testCaseId {
            nextCaseToStart += 1
            return caseList[nextCaseToStart - 1]
        }
        guard let record = testCases[id: testCaseId] else { return nil }
        nextCaseToStart = record.order + 1
        return record
    }

    /// A test step's definition ids as the index keeps them: one array for every step a definition matched, the
    /// ids sharing the index's copies.
    private func sharedDefinitionIds(_ ids: [String]?) -> [String]? {
        guard let ids else { return nil }
        if ids.count == 1, let shared = definitionIdArrays[id: ids[0]] { return shared }
        let canonical = ids.allSatisfy(Compaction.isInline) ? ids : ids.map { Compaction.canonical($0, in: stepDefinitions) }
        if canonical.count == 1 { definitionIdArrays[id: canonical[0]] = canonical }
        return canonical
    }

    /// The attempt with this id, for a report handling its `testCaseFinished` after the index did: the one that
    /// message finished, without looking it up again.
    func finishedAttempt(id: String) -> Attempt? {
        if let last = lastFinished, last.started.id == id { return last }
        return attempts[id: id]
    }

    /// The pickle in `slot` as the index keeps it (see `storedPickle(of:)`), lent to `body` where it lies (its
    /// `pointee` read in place: a copy of a pickle retains each of its strings and arrays).
    func withStoredPickle<Result>(slot: Int, _ body: (UnsafePointer<Pickle>) -> Result) -> Result {
        pickleStore.withUnsafeBufferPointer { body($0.baseAddress! + slot) }
    }

    /// The attempt with this id: the last one found when it is the same (a test case's step results come one
    /// after the other), otherwise looked up.
    private func attempt(id: String) -> Attempt? {
        if let last = lastAttempt, last.started.id == id { return last }
        lastAttempt = attempts[id: id]
        return lastAttempt
    }

    /// The match arguments of a test step as the index keeps them (see `Compaction.reduced`), shared with every
    /// step of the same text and definition; nil to keep them as they are.
    private func reducedArguments(_ lists: [StepMatchArgumentsList], definitionId: String?, text: String?) -> [StepMatchArgumentsList]? {
        guard let definitionId, let text else { return Compaction.reduced(lists) }
        let key = ArgumentsKey(text: text, definitionId: definitionId)
        if let shared = argumentPool[key] { return shared }
        let reduced = Compaction.reduced(lists) ?? lists
        argumentPool[key] = reduced
        return reduced
    }

    // MARK: - Queries

    /// The index's own copy of a pickle step id (an id of over 15 bytes is a heap string: one copy for all).
    private func canonicalPickleStepId(_ id: String) -> String {
        guard !Compaction.isInline(id), let place = pickleStepPlaces.place(of: id, in: pickleStore) else { return id }
        return pickleStore[Int(place.slot)].steps[Int(place.position)].id
    }

    /// Whether a test step of an attempt runs a hook; nil for an unknown attempt or test step.
    func isHook(testStepId: String, attemptId: String) -> Bool? {
        guard let attempt = attempts[id: attemptId], let record = record(of: attempt),
              let position = record.position(of: testStepId, from: max(0, Int(attempt.nextStep) - 1)) else { return nil }
        return record.testCase.testSteps[position].pickleStepId == nil
    }

    /// The test case of an attempt, found when it started or (for a stream that sent it later) now.
    func record(of attempt: Attempt) -> CaseRecord? {
        attempt.record ?? testCases[id: attempt.started.testCaseId]
    }

    /// Every test case, in the order they were planned.
    var allTestCases: [TestCase] { allCaseRecords.map(\.testCase) }

    /// Every test case as the index keeps it, in the order they were planned.
    var allCaseRecords: [CaseRecord] { caseList }

    /// The result of a test step of an attempt's test case, once it finished.
    func outcome(of step: TestStep, in attempt: Attempt) -> StepOutcome? {
        guard let position = record(of: attempt)?.position(of: step.id, from: 0) else { return nil }
        return attempt.outcome(at: position)
    }

    func testCase(of attempt: Attempt) -> TestCase? { record(of: attempt)?.testCase }

    func pickle(of attempt: Attempt) -> Pickle? { testCase(of: attempt).flatMap { pickle(id: $0.pickleId) } }

    /// The slot of a pickle in the index (stable for the run: a pickle sent again keeps its slot).
    func pickleSlot(id: String) -> Int? { pickleSlots[id: id].map(Int.init) }

    /// A pickle by id.
    func pickle(id: String) -> Pickle? { pickleSlots[id: id].map { restored(slot: Int($0)) } }

    /// The status of an attempt: its most severe step result (PASSED for a test case without steps).
    func status(of attempt: Attempt) -> TestStepResultStatus {
        if let known = attempt.knownStatus { return known }
        let status = worstStatus(of: attempt)
            ?? (attempt.finished == nil && testCase(of: attempt)?.testSteps.isEmpty == false ? .unknown : .passed)
        if attempt.finished != nil { attempt.knownStatus = status }
        return status
    }

    /// The status of `worstResult(of:)`, read from the outcomes alone (no result made for each step).
    private func worstStatus(of attempt: Attempt) -> TestStepResultStatus? {
        guard let count = record(of: attempt)?.testCase.testSteps.count else { return nil }
        var worst: TestStepResultStatus?
        for position in 0..<min(count, attempt.outcomes.count) {
            guard let status = attempt.outcomes[position]?.status else { continue }
            if worst == nil || status.severity > worst!.severity { worst = status }
        }
        return worst
    }
}
