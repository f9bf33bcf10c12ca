import Messages

/// Everything a report needs to know about a run, indexed from the envelope stream.
/// It does not depend on the interleaving of test cases: test case messages may arrive mixed, as in a parallel run,
/// and several runs' streams may be merged.
final class RunIndex {
    /// One attempt at running a test case (one `testCaseStarted`).
    final class Attempt {
        let started: TestCaseStarted
        let arrival: Int
        /// Its test case, found when it started (nil when the stream had not sent it yet).
        fileprivate(set) var record: CaseRecord?
        var finished: TestCaseFinished?
        /// The result of each finished test step, by its position in the test case (nil: not finished).
        fileprivate(set) var outcomes: [StepOutcome?] = []
        /// The position after the last step that finished: where the next one is looked for first.
        fileprivate var nextStep: Int32 = 0
        /// Its status once worked out after it finished (`status(of:)`): the summary, the failing list and the
        /// reports each ask it of every attempt. Forgotten when another step result arrives.
        fileprivate var knownStatus: TestStepResultStatus?
        var attachments: [String: [Attachment]] = [:]
        var externalAttachments: [String: [ExternalAttachment]] = [:]
        init(started: TestCaseStarted, arrival: Int) {
            self.started = started
            self.arrival = arrival
        }
        var id: String { started.id }
        var isFinal: Bool { finished?.willBeRetried != true }

        /// The result of the test step at a position of the test case, once it finished.
        func outcome(at position: Int) -> StepOutcome? { position < outcomes.count ? outcomes[position] : nil }
    }

    private(set) var metas: [Meta] = []
    /// The Gherkin document of each uri (its feature, without what `Compaction` leaves out).
    private(set) var documents: [String: DocumentTree] = [:]
    private(set) var documentOrder: [String] = []
    private var documentUris: Set<String> = []
    private(set) var nodes: IdTable<Lineage> = [:]
    /// The pickles in the order they first came; `pickleSlots` finds one by id.
    private(set) var pickleStore: [Pickle] = []
    private var pickleSlots: IdTable<Int32> = [:]
    /// By slot: whether the pickle's steps are kept without their AST node ids (see `compacted`).
    private(set) var derivedStepIds: [Bool] = []
    /// One string for every pickle step of the same text (a suite says the same steps again and again).
    var stepTextPool: Set<String> = []
    var pickleOrder: [String] { pickleStore.map(\.id) }
    /// Where each pickle step is: its pickle and position (not a copy of the step).
    private(set) var pickleStepPlaces = PickleStepTable()
    private(set) var stepDefinitions: [String: StepDefinition] = [:]
    private(set) var stepDefinitionOrder: [String] = []
    /// `uri:line` of each step definition, made once (the console prints one per step).
    private var definitionLocations: [String: String] = [:]
    private(set) var hooks: [String: Hook] = [:]
    /// Each test case (and its place in the planned order); an attempt finds its test steps through it.
    private var testCases: IdTable<CaseRecord> = [:]
    private(set) var attempts: IdTable<Attempt> = [:]
    private(set) var attemptOrder: [String] = []
    /// The attempt a step result was last recorded for (`attempt(id:)`); forgotten when an attempt starts.
    private var lastAttempt: Attempt?
    /// The first snippet's code of each suggestion for a pickle step ("" for a suggestion without snippets).
    private var suggestedCodes: [String: SuggestedCodes] = [:]
    /// Reduced match arguments by step text and definition: steps with the same text matched by the same
    /// definition share one copy.
    private var argumentPool: [ArgumentsKey: [StepMatchArgumentsList]] = [:]
    private var definitionIdArrays: [String: [String]] = [:]
    private var snippetCodePool: Set<String> = []
    private(set) var runStarted: [TestRunStarted] = []
    private(set) var runFinished: [TestRunFinished] = []
    private(set) var runHookStarted: [String: TestRunHookStarted] = [:]
    private(set) var runHookFinished: [TestRunHookFinished] = []
    private(set) var runAttachments: [Attachment] = []
    /// The bodies of the run's requirements attachments (`RequirementsAttachment`), each distinct body once.
    private(set) var requirementsBodies: [String] = []
    /// Whether test steps keep their match arguments: only the JSON and HTML reports print them, and reducing and
    /// pooling them was a twentieth of indexing a run for the console alone.
    var keepsStepArguments = true
    private(set) var parseErrors: [ParseError] = []
    private(set) var undefinedParameterTypes: [UndefinedParameterType] = []

    /// Indexes an envelope, keeping only what the reports read: the Gherkin AST without the text the pickles
    /// repeat, no source text, ids that refer to something indexed earlier sharing that one's storage.
    func handle(_ envelope: Envelope) {
        if let meta = envelope.meta { metas.append(meta) }
        if let document = envelope.gherkinDocument {
            let uri = document.uri ?? ""
            if documentUris.insert(uri).inserted { documentOrder.append(uri) }
            documents[uri] = Lineage.index(document, into: &nodes)
        }
        if var pickle = envelope.pickle {
            if !Compaction.isInline(pickle) {
                pickle.astNodeIds = pickle.astNodeIds.map { Compaction.canonical($0, in: nodes) }
                for position in pickle.steps.indices {
                    pickle.steps[position].astNodeIds = pickle.steps[position].astNodeIds.map { Compaction.canonical($0, in: nodes) }
                }
            }
            // One string for the uri of all of a document's pickles.
            if let uri = documents[pickle.uri]?.uri { pickle.uri = uri }
            let derived = compact(&pickle)
            let slot: Int32
            if let known = pickleSlots[id: pickle.id] {
                slot = known
                pickleStore[Int(known)] = pickle
                derivedStepIds[Int(known)] = derived
            } else {
                slot = Int32(pickleStore.count)
                pickleSlots[id: pickle.id] = slot
                pickleStore.append(pickle)
                derivedStepIds.append(derived)
            }
            for (position, step) in pickle.steps.enumerated() {
                pickleStepPlaces.insert(step.id, at: PickleStepPlace(slot: slot, position: Int32(clamping: position)), in: pickleStore)
            }
        }
        if let definition = envelope.stepDefinition {
            if stepDefinitions[definition.id] == nil { stepDefinitionOrder.append(definition.id) }
            stepDefinitions[definition.id] = definition
            definitionLocations[definition.id] = location(of: definition.sourceReference)
        }
        if let hook = envelope.hook { hooks[hook.id] = hook }
        if var testCase = envelope.testCase {
            testCase.pickleId = Compaction.canonical(testCase.pickleId, in: pickleSlots)
            testCase.testRunStartedId = nil
            for position in testCase.testSteps.indices {
                var step = testCase.testSteps[position]
                if !Compaction.isInline(step) {
                    step.pickleStepId = step.pickleStepId.map(canonicalPickleStepId)
                    step.hookId = step.hookId.map { Compaction.canonical($0, in: hooks) }
                    step.stepDefinitionIds = step.stepDefinitionIds.map { ids in ids.map { Compaction.canonical($0, in: stepDefinitions) } }
                }
                if let ids = step.stepDefinitionIds, ids.count == 1 {
                    // One array for every step a definition matched.
                    if let shared = definitionIdArrays[ids[0]] { step.stepDefinitionIds = shared } else { definitionIdArrays[ids[0]] = ids }
                }
                if !keepsStepArguments {
                    step.stepMatchArgumentsLists = nil
                } else if let lists = step.stepMatchArgumentsLists, let reduced = reducedArguments(lists, of: step) {
                    step.stepMatchArgumentsLists = reduced
                }
                testCase.testSteps[position] = step
            }
            if let record = testCases[id: testCase.id] {
                record.testCase = testCase
            } else {
                testCases[id: testCase.id] = CaseRecord(testCase: testCase, order: testCases.count)
            }
        }
        if var started = envelope.testCaseStarted {
            let record = testCases[id: started.testCaseId]
            if let record { started.testCaseId = record.testCase.id }
            if attempts[id: started.id] == nil { attemptOrder.append(started.id) }
            let attempt = Attempt(started: started, arrival: attemptOrder.count)
            attempt.record = record
            if let count = record?.testCase.testSteps.count { attempt.outcomes = Array(repeating: nil, count: count) }
            attempts[id: started.id] = attempt
            lastAttempt = nil
        }
        if let finished = envelope.testStepFinished, let attempt = attempt(id: finished.testCaseStartedId),
           let position = record(of: attempt)?.position(of: finished.testStepId, from: Int(attempt.nextStep)) {
            attempt.nextStep = Int32(clamping: position + 1)
            if attempt.outcomes.count <= position {
                attempt.outcomes.append(contentsOf: repeatElement(nil, count: position + 1 - attempt.outcomes.count))
            }
            attempt.outcomes[position] = StepOutcome(finished.testStepResult)
            attempt.knownStatus = nil
        }
        if let attachment = envelope.attachment {
            if RequirementsAttachment.isRequirements(attachment) {
                if !requirementsBodies.contains(attachment.body) { requirementsBodies.append(attachment.body) }
            } else if let attemptId = attachment.testCaseStartedId, let attempt = attempts[id: attemptId] {
                attempt.attachments[attachment.testStepId ?? "", default: []].append(attachment)
            } else {
                runAttachments.append(attachment)
            }
        }
        if let external = envelope.externalAttachment, let attemptId = external.testCaseStartedId {
            attempts[id: attemptId]?.externalAttachments[external.testStepId ?? "", default: []].append(external)
        }
        if let finished = envelope.testCaseFinished, let attempt = attempts[id: finished.testCaseStartedId] {
            attempt.finished = finished
            // Worked out while its outcomes are at hand: the summary asks it of every attempt at the end.
            if attempt.record != nil { _ = status(of: attempt) }
        }
        if let suggestion = envelope.suggestion {
            let pickleStepId = canonicalPickleStepId(suggestion.pickleStepId)
            let code = suggestion.snippets.first.map { snippetCodePool.shared($0.code) } ?? ""
            suggestedCodes[pickleStepId] = suggestedCodes[pickleStepId].map { $0.adding(code) } ?? .one(code)
        }
        if let started = envelope.testRunStarted { runStarted.append(started) }
        if let finished = envelope.testRunFinished { runFinished.append(finished) }
        if let started = envelope.testRunHookStarted { runHookStarted[started.id] = started }
        if let finished = envelope.testRunHookFinished { runHookFinished.append(finished) }
        if let error = envelope.parseError { parseErrors.append(error) }
        if let undefined = envelope.undefinedParameterType { undefinedParameterTypes.append(undefined) }
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
    private func reducedArguments(_ lists: [StepMatchArgumentsList], of step: TestStep) -> [StepMatchArgumentsList]? {
        guard let definitionId = step.stepDefinitionIds?.first, let pickleStepId = step.pickleStepId,
              let text = pickleStepText(pickleStepId) else { return Compaction.reduced(lists) }
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

    /// The text of a pickle step (without making the step again).
    func pickleStepText(_ id: String) -> String? {
        guard let place = pickleStepPlaces.place(of: id, in: pickleStore) else { return nil }
        return pickleStore[Int(place.slot)].steps[Int(place.position)].text
    }

    /// A pickle step by id.
    func pickleStep(_ id: String) -> PickleStep? {
        guard let place = pickleStepPlaces.place(of: id, in: pickleStore) else { return nil }
        let pickle = pickleStore[Int(place.slot)]
        var step = pickle.steps[Int(place.position)]
        if derivedStepIds[Int(place.slot)] { step.astNodeIds = derivedIds(at: Int(place.position), of: pickle) ?? [] }
        return step
    }

    /// The code of the first snippet of each suggestion for a pickle step, in order (empty for a suggestion
    /// without snippets).
    func suggestedSnippets(_ pickleStepId: String?) -> [String] {
        switch pickleStepId.flatMap({ suggestedCodes[$0] }) {
        case nil: return []
        case .one(let code)?: return [code]
        case .many(let codes)?: return codes
        }
    }

    /// Whether the run suggested a snippet for any step.
    var hasSuggestions: Bool { !suggestedCodes.isEmpty }

    /// The first snippet of the first suggestion for a pickle step.
    func firstSnippet(_ pickleStepId: String?) -> String? {
        suggestedSnippets(pickleStepId).first.flatMap { $0.isEmpty ? nil : $0 }
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
    var allCaseRecords: [CaseRecord] { testCases.values.sorted { $0.order < $1.order } }

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

    /// The lineage of a pickle: its scenario, and for outlines its examples and row.
    func lineage(of pickle: Pickle) -> Lineage? {
        guard let last = pickle.astNodeIds.last else { return nil }
        return nodes[id: last] ?? pickle.astNodeIds.first.flatMap { nodes[id: $0] }
    }

    /// The Gherkin step (with its background when it comes from one) of a pickle step.
    func lineage(of step: PickleStep) -> Lineage? {
        guard let place = pickleStepPlaces.place(of: step.id, in: pickleStore) else { return nil }
        let slot = Int(place.slot)
        return lineage(of: step, at: Int(place.position), in: pickleStore[slot], derived: derivedStepIds[slot])
    }

    /// The same, for the pickle step at `position` of `pickle`: found through its scenario (see `Lineage.step`);
    /// by position alone for a pickle kept without its steps' AST node ids (`derived`).
    func lineage(of step: PickleStep, at position: Int, in pickle: Pickle, derived: Bool = false) -> Lineage? {
        lineage(of: step, at: position, scenario: lineage(of: pickle), derived: derived)
    }

    /// The same, with the pickle's own lineage (its scenario's or row's) already looked up: a report printing a
    /// scenario's steps looks it up once for all of them.
    func lineage(of step: PickleStep, at position: Int, scenario: Lineage?, derived: Bool) -> Lineage? {
        guard let id = step.astNodeIds.first else {
            return derived ? scenario?.step(position: position)?.lineage : nil
        }
        return scenario?.step(id: id, position: position)
    }

    /// The test steps of an attempt that finished, with their results, in the test case's order.
    func results(of attempt: Attempt) -> [(step: TestStep, finished: StepOutcome)] {
        guard let testCase = testCase(of: attempt) else { return [] }
        return testCase.testSteps.enumerated().compactMap { position, step in attempt.outcome(at: position).map { (step, $0) } }
    }

    /// Each test step of an attempt that finished, with its outcome, in order (`results(of:)` without the array).
    func forEachOutcome(of attempt: Attempt, _ body: (TestStep, StepOutcome) -> Void) {
        guard let steps = record(of: attempt)?.testCase.testSteps else { return }
        for position in steps.indices {
            if let outcome = attempt.outcome(at: position) { body(steps[position], outcome) }
        }
    }

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

    /// (Straight from the attempt's outcomes: the summary asks this of every attempt, and `results(of:)` copies
    /// every test step.)
    func worstResult(of attempt: Attempt) -> TestStepResult? {
        guard let count = testCase(of: attempt)?.testSteps.count else { return nil }
        var worst: TestStepResult?
        for outcome in attempt.outcomes.prefix(count) {
            guard let result = outcome?.testStepResult else { continue }
            if worst == nil || result.status.severity > worst!.status.severity { worst = result }
        }
        return worst
    }

    func duration(of attempt: Attempt) -> Int64 {
        guard let finished = attempt.finished else { return 0 }
        return max(0, finished.timestamp.totalNanos - attempt.started.timestamp.totalNanos)
    }

    /// From the earliest run start to the latest run finish, in nanoseconds (0 when unknown).
    var runDuration: Int64 {
        guard let start = runStarted.map(\.timestamp.totalNanos).min(),
              let end = runFinished.map(\.timestamp.totalNanos).max() else { return 0 }
        return max(0, end - start)
    }

    var runStart: Timestamp? { runStarted.min { $0.timestamp.totalNanos < $1.timestamp.totalNanos }?.timestamp }

    /// `uri:line` of a step definition or hook's source.
    func location(of reference: SourceReference) -> String? {
        if let uri = reference.uri {
            if let line = reference.location?.line { return "\(uri):\(line)" }
            return uri
        }
        if let method = reference.javaMethod {
            return "\(method.className).\(method.methodName)(\(method.methodParameterTypes.joined(separator: ",")))"
        }
        if let element = reference.javaStackTraceElement {
            let line = reference.location.map { ":\($0.line)" } ?? ""
            return "\(element.className).\(element.methodName)(\(element.fileName)\(line))"
        }
        return nil
    }

    /// The single step definition a test step matched, when it matched exactly one.
    func stepDefinition(of step: TestStep) -> StepDefinition? {
        guard let ids = step.stepDefinitionIds, ids.count == 1 else { return nil }
        return stepDefinitions[ids[0]]
    }

    /// `uri:line` of the single step definition a test step matched.
    func definitionLocation(of step: TestStep) -> String? {
        guard let ids = step.stepDefinitionIds, ids.count == 1 else { return nil }
        return definitionLocations[ids[0]]
    }

    func hook(of step: TestStep) -> Hook? { step.hookId.flatMap { hooks[$0] } }

    /// Whether the run as recorded succeeded (every testRunFinished says so).
    var success: Bool? { runFinished.isEmpty ? nil : runFinished.allSatisfy(\.success) }
}
