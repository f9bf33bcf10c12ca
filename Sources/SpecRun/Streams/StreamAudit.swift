import Messages

/// What `specrun report` checks of one saved stream before trusting it: every id defined once, every reference
/// to an envelope the stream has, every started test case finished. A stream that breaks these (edited by hand,
/// two runs concatenated, a buggy producer) is never reported as a passing run: each problem is one line, and the
/// merged run is marked unsuccessful (see `ReportCommand`).
///
/// References are resolved when the stream ends, so a producer that writes a definition after its use is not
/// blamed. Memory: the pickles' names (to name a scenario), one hash per test step, and each test case's step ids.
///
/// Doubt is never green: a test case run that finishes without a result for some of its steps is named, and
/// `repairs` hands over a FAILED result for each missing one (sent before its testCaseFinished), so that no report
/// counts it passed; a stream a runner wrote (`meta`, step definitions, test cases…) with no testRunStarted is
/// a run killed as it started (`neverStarted`), not an empty passing run.
struct StreamAudit {
    /// One line per problem found, in the order found (capped by `limit`, the rest counted).
    private(set) var problems: [String] = []
    private(set) var problemCount = 0
    /// Test cases that started and did not finish: `'name' (uri:line)`, in start order.
    private(set) var unfinished: [String] = []
    private(set) var unknownKinds: [String: Int] = [:]
    /// Results made for the steps a test case run finished without (FAILED, naming why), to be sent before the
    /// envelope just observed; taken by `takeRepairs`.
    private var repairs: [Envelope] = []
    /// Whether a runner wrote the stream (a `meta`, a step definition, a hook, a test case…): one without
    /// testRunStarted then is a run that never started, not the output of `specrun gherkin`.
    private var sawRunner = false

    let name: String
    private let limit: Int
    private var envelopeNumber = 0
    private var pickles: [String: (name: String, uri: String, line: Int?)] = [:]
    private var testCases: [String: (pickleId: String, envelope: Int)] = [:]
    private var testSteps: Set<Int> = []
    /// Each test case's step ids, in order: what a finished run of it must have a result for.
    private var testCaseSteps: [String: [String]] = [:]
    /// The step each unfinished test case run was running (started, no result yet).
    private var runningStep: [String: String] = [:]
    /// Each test case run's steps started so far (hashed with the run), and the position of the last one started:
    /// a run's steps start one at a time, in its test case's order, each before its result.
    private var startedSteps: Set<Int> = []
    private var lastStartedPosition: [String: Int] = [:]
    /// One line per test case run for its steps out of order (a run with one such step has them all).
    private var outOfOrderRuns: Set<String> = []
    /// The latest time a test case or step started or finished: when a result made for a stream cut short is dated.
    private var latest = Timestamp(seconds: 0, nanos: 0)
    /// Pickle steps (hashed with their pickle) and the test steps' references to them, checked at the end.
    private var pickleSteps: Set<Int> = []
    private var pickleStepReferences: [(testCaseId: String, pickleId: String, pickleStepId: String)] = []
    private var finishedSteps: Set<Int> = []
    /// testCaseStarted envelopes whose test case was not defined yet when they came.
    private var startedBeforeDefinition: [String: Int] = [:]
    private var started: [String: (testCaseId: String, envelope: Int)] = [:]
    private var startOrder: [String] = []
    private var finishedCases: Set<String> = []
    private var stepResults: [(testCaseStartedId: String, testStepId: String, envelope: Int)] = []
    /// Test case runs with a FAILED step, and how many of them were final (not retried).
    private var failedRuns: Set<String> = []
    private var finalFailures = 0
    private var claimedSuccess: Int?
    /// The run's own envelopes: where testRunStarted and testRunFinished came, and whether anything came after.
    private var runStartedAt: Int?
    private var runFinishedAt: Int?
    private var notedAfterFinish = false
    /// Each test case's last finished attempt: whether it said another attempt follows.
    private var lastAttempt: [String: (willBeRetried: Bool, envelope: Int)] = [:]
    private var attachmentRuns: [(testCaseStartedId: String, envelope: Int)] = []
    /// The run's id (its testRunStarted's), and the hooks the stream defines and the test steps that name one.
    private var runId: String?
    private var hookIds: Set<String> = []
    private var hookReferences: [(testCaseId: String, hookId: String, envelope: Int)] = []

    init(name: String, limit: Int = 20) {
        self.name = name
        self.limit = limit
    }

    mutating func observe(_ envelope: Envelope) {
        envelopeNumber += 1
        if let finishedAt = runFinishedAt, !notedAfterFinish, envelope.testRunFinished == nil {
            notedAfterFinish = true
            note("envelope \(envelopeNumber) comes after testRunFinished (envelope \(finishedAt)); a finished run has nothing after it")
        }
        if !sawRunner, Self.isRunnerOutput(envelope) { sawRunner = true }
        if let pickle = envelope.pickle {
            if pickles[pickle.id] != nil { note("pickle id '\(pickle.id)' is defined twice (envelope \(envelopeNumber))") }
            pickles[pickle.id] = (pickle.name, pickle.uri, pickle.location.map { Int($0.line) })
            for step in pickle.steps { pickleSteps.insert(Self.key(pickle.id, step.id)) }
        } else if let testCase = envelope.testCase {
            if testCases[testCase.id] != nil {
                note("test case id '\(testCase.id)' is defined twice (envelope \(envelopeNumber)); its results cannot be told apart")
            }
            testCases[testCase.id] = (testCase.pickleId, envelopeNumber)
            testCaseSteps[testCase.id] = testCase.testSteps.map(\.id)
            noteOtherRun(testCase.testRunStartedId, of: "test case '\(testCase.id)'")
            for step in testCase.testSteps {
                testSteps.insert(Self.key(testCase.id, step.id))
                if let pickleStepId = step.pickleStepId { pickleStepReferences.append((testCase.id, testCase.pickleId, pickleStepId)) }
                if let hookId = step.hookId { hookReferences.append((testCase.id, hookId, envelopeNumber)) }
            }
        } else if let start = envelope.testCaseStarted {
            if started[start.id] != nil {
                note("testCaseStarted id '\(start.id)' is used twice (envelope \(envelopeNumber))")
            } else {
                startOrder.append(start.id)
            }
            started[start.id] = (start.testCaseId, envelopeNumber)
            noteTime(start.timestamp)
            if testCases[start.testCaseId] == nil { startedBeforeDefinition[start.testCaseId] = envelopeNumber }
        } else if let step = envelope.testStepStarted {
            if started[step.testCaseStartedId] == nil {
                note("a step starts in test case run '\(step.testCaseStartedId)', which never started (envelope \(envelopeNumber))")
            }
            checkOrder(of: step)
            runningStep[step.testCaseStartedId] = step.testStepId
            noteTime(step.timestamp)
        } else if let step = envelope.testStepFinished {
            if started[step.testCaseStartedId] != nil, !startedSteps.contains(Self.key(step.testCaseStartedId, step.testStepId)),
                outOfOrderRuns.insert(step.testCaseStartedId).inserted
            {
                note(
                    "step '\(step.testStepId)' of test case run '\(step.testCaseStartedId)' has a result before it started (envelope \(envelopeNumber)); its steps are out of order"
                )
            }
            stepResults.append((step.testCaseStartedId, step.testStepId, envelopeNumber))
            if runningStep[step.testCaseStartedId] == step.testStepId { runningStep[step.testCaseStartedId] = nil }
            noteTime(step.timestamp)
            if step.testStepResult.status == .failed { failedRuns.insert(step.testCaseStartedId) }
            if !finishedSteps.insert(Self.key(step.testCaseStartedId, step.testStepId)).inserted {
                note("step '\(step.testStepId)' of test case run '\(step.testCaseStartedId)' finishes twice (envelope \(envelopeNumber))")
            }
        } else if let finish = envelope.testCaseFinished {
            if started[finish.testCaseStartedId] == nil {
                note("a result for test case run '\(finish.testCaseStartedId)', which never started (envelope \(envelopeNumber))")
            } else if !finishedCases.insert(finish.testCaseStartedId).inserted {
                note("test case run '\(finish.testCaseStartedId)' finishes twice (envelope \(envelopeNumber))")
            } else {
                if let testCaseId = started[finish.testCaseStartedId]?.testCaseId {
                    lastAttempt[testCaseId] = (finish.willBeRetried, envelopeNumber)
                    if repairMissingResults(of: finish.testCaseStartedId, testCaseId: testCaseId, at: finish.timestamp) {
                        failedRuns.insert(finish.testCaseStartedId)
                    }
                }
                runningStep[finish.testCaseStartedId] = nil
                if !finish.willBeRetried, failedRuns.contains(finish.testCaseStartedId) { finalFailures += 1 }
            }
        } else if let attachment = envelope.attachment, let runId = attachment.testCaseStartedId {
            attachmentRuns.append((runId, envelopeNumber))
        } else if let hook = envelope.hook {
            hookIds.insert(hook.id)
        } else if let runStarted = envelope.testRunStarted {
            runId = runId ?? runStarted.id
            if let first = runStartedAt {
                note("testRunStarted comes twice (envelopes \(first) and \(envelopeNumber)): two runs in one stream")
            }
            runStartedAt = runStartedAt ?? envelopeNumber
        } else if let finished = envelope.testRunFinished {
            if let first = runFinishedAt {
                note("testRunFinished comes twice (envelopes \(first) and \(envelopeNumber)); which one is the run's end?")
            }
            if runStartedAt == nil { note("testRunFinished (envelope \(envelopeNumber)) comes before any testRunStarted") }
            noteOtherRun(finished.testRunStartedId, of: "testRunFinished")
            runFinishedAt = runFinishedAt ?? envelopeNumber
            if finished.success { claimedSuccess = envelopeNumber }
        }
    }

    /// A message that names a run other than the stream's own (its testRunStarted's id) is named: its results
    /// belong to another run (streams pasted together, or edited).
    private mutating func noteOtherRun(_ named: String?, of what: String) {
        guard let named, let runId, named != runId else { return }
        note("\(what) (envelope \(envelopeNumber)) belongs to run '\(named)', not this stream's run '\(runId)'")
    }

    /// A test case run's steps start in its test case's order: a step that starts after one that comes later in
    /// the test case is named (once per run). A stream that has them out of order was edited or written by a
    /// producer that cannot be trusted with which result belongs to which step.
    private mutating func checkOrder(of step: TestStepStarted) {
        let run = step.testCaseStartedId
        startedSteps.insert(Self.key(run, step.testStepId))
        guard let testCaseId = started[run]?.testCaseId, let steps = testCaseSteps[testCaseId],
            let position = steps.firstIndex(of: step.testStepId)
        else { return }
        defer { lastStartedPosition[run] = position }
        guard let last = lastStartedPosition[run], position <= last, outOfOrderRuns.insert(run).inserted else { return }
        note(
            "step '\(step.testStepId)' of \(scenario(of: testCaseId)) starts (envelope \(envelopeNumber)) after step '\(steps[last])', which comes after it in the test case; its steps are out of order"
        )
    }

    /// The results to send before the envelope last observed (see `repairs`), once.
    mutating func takeRepairs() -> [Envelope] {
        defer { repairs = [] }
        return repairs
    }

    /// A runner wrote the stream and it has no testRunStarted: the run was killed as it started (checked at `finish`).
    var neverStarted: Bool { sawRunner && runStartedAt == nil }

    /// A FAILED result for each step of the test case run that has none; true when one was missing.
    private mutating func repairMissingResults(of runId: String, testCaseId: String, at timestamp: Timestamp) -> Bool {
        guard let steps = testCaseSteps[testCaseId] else { return false }
        let missing = steps.filter { !finishedSteps.contains(Self.key(runId, $0)) }
        guard !missing.isEmpty else { return false }
        let what = missing.count == steps.count ? "any of its \(steps.count) step(s)" : "\(missing.count) of its \(steps.count) step(s)"
        let problem =
            "\(scenario(of: testCaseId)) finished (envelope \(envelopeNumber)) without a result for \(what); it is reported failed"
        note(problem)
        repairs += missing.map { Self.failedResult(runId: runId, stepId: $0, at: timestamp, message: "\(name): \(problem)") }
        for stepId in missing { finishedSteps.insert(Self.key(runId, stepId)) }
        return true
    }

    /// At the end of a stream cut short: a test case run that had started and was between two steps gets a
    /// FAILED result for its next step (the merger finishes the run, and a step that was running, as failed; a
    /// run with no failed step would read passed).
    mutating func repairsForRunsCutShort() -> [Envelope] {
        guard runFinishedAt == nil else { return [] }
        var made: [Envelope] = []
        for id in startOrder where !finishedCases.contains(id) && runningStep[id] == nil {
            guard let start = started[id], let steps = testCaseSteps[start.testCaseId],
                let next = steps.first(where: { !finishedSteps.contains(Self.key(id, $0)) })
            else { continue }
            let message = "\(name): the stream ended before this step's result (was the run killed?)"
            made.append(Self.failedResult(runId: id, stepId: next, at: latest, message: message, type: "Incomplete"))
        }
        return made
    }

    private mutating func noteTime(_ time: Timestamp) {
        if (time.seconds, time.nanos) > (latest.seconds, latest.nanos) { latest = time }
    }

    private static func failedResult(
        runId: String, stepId: String, at timestamp: Timestamp, message: String, type: String = "InconsistentStream"
    ) -> Envelope {
        Envelope(
            testStepFinished: TestStepFinished(
                testCaseStartedId: runId, testStepId: stepId,
                testStepResult: TestStepResult(
                    duration: Duration(seconds: 0, nanos: 0), message: message, status: .failed,
                    exception: Exception(type: type, message: message)),
                timestamp: timestamp))
    }

    /// Messages only a runner writes (not `specrun gherkin`, whose stream is sources, documents and pickles).
    private static func isRunnerOutput(_ envelope: Envelope) -> Bool {
        envelope.meta != nil || envelope.stepDefinition != nil || envelope.hook != nil || envelope.parameterType != nil
            || envelope.testCase != nil || envelope.testCaseStarted != nil || envelope.testRunHookStarted != nil
    }

    /// An envelope of a kind this version does not know (a newer protocol), skipped.
    mutating func skippedUnknown(kind: String) {
        unknownKinds[kind, default: 0] += 1
    }

    /// Resolves the references once the stream has ended.
    mutating func finish() {
        for (id, testCase) in testCases.sorted(by: { $0.value.envelope < $1.value.envelope })
        where pickles[testCase.pickleId] == nil {
            note(
                "test case '\(id)' refers to pickle '\(testCase.pickleId)', which the stream does not have (envelope \(testCase.envelope))")
        }
        var missingPickleSteps = Set<String>()
        for reference in pickleStepReferences
        where pickles[reference.pickleId] != nil && !pickleSteps.contains(Self.key(reference.pickleId, reference.pickleStepId))
            && missingPickleSteps.insert(reference.testCaseId).inserted
        {
            note(
                "test case '\(reference.testCaseId)' runs pickle step '\(reference.pickleStepId)', which its pickle '\(reference.pickleId)' does not have"
            )
        }
        pickleStepReferences = []
        var namedHooks = Set<String>()
        for reference in hookReferences
        where !hookIds.contains(reference.hookId) && namedHooks.insert(reference.hookId).inserted {
            note(
                "test case '\(reference.testCaseId)' runs hook '\(reference.hookId)', which the stream does not define (envelope \(reference.envelope))"
            )
        }
        hookReferences = []
        for id in startOrder {
            guard let start = started[id] else { continue }
            if testCases[start.testCaseId] == nil {
                note("results for test case '\(start.testCaseId)', which the stream does not define (envelope \(start.envelope))")
            } else if let envelope = startedBeforeDefinition[start.testCaseId] {
                note(
                    "results for test case '\(start.testCaseId)' come before its definition (envelope \(envelope)); the reports cannot place them"
                )
            }
            if !finishedCases.contains(id) {
                if let finishedAt = runFinishedAt {
                    note(
                        "\(scenario(of: start.testCaseId)) started (envelope \(start.envelope)) and never finished, yet the run finished (envelope \(finishedAt)); it has no result"
                    )
                } else {
                    unfinished.append(scenario(of: start.testCaseId))
                }
            }
        }
        if let finishedAt = runFinishedAt {
            for (testCaseId, last) in lastAttempt.sorted(by: { $0.value.envelope < $1.value.envelope }) where last.willBeRetried {
                note(
                    "\(scenario(of: testCaseId)) was to be retried (envelope \(last.envelope)), and no later attempt came before the run finished (envelope \(finishedAt)); it has no final result"
                )
            }
        }
        for attachment in attachmentRuns where started[attachment.testCaseStartedId] == nil {
            note("an attachment for test case run '\(attachment.testCaseStartedId)', which never started (envelope \(attachment.envelope))")
        }
        attachmentRuns = []
        for result in stepResults {
            guard let start = started[result.testCaseStartedId] else {
                note("a step result for test case run '\(result.testCaseStartedId)', which never started (envelope \(result.envelope))")
                continue
            }
            if testCases[start.testCaseId] != nil, !testSteps.contains(Self.key(start.testCaseId, result.testStepId)) {
                note(
                    "a result for step '\(result.testStepId)', which test case '\(start.testCaseId)' does not have (envelope \(result.envelope))"
                )
            }
        }
        stepResults = []
        if let claimedSuccess, finalFailures > 0 {
            note("testRunFinished says the run succeeded (envelope \(claimedSuccess)), yet \(finalFailures) test case(s) failed")
        }
    }

    /// `'Scenario name' (features/a.feature:12)`, or the test case's id when its pickle is missing.
    func scenario(of testCaseId: String) -> String {
        guard let pickleId = testCases[testCaseId]?.pickleId, let pickle = pickles[pickleId] else {
            return "test case '\(testCaseId)'"
        }
        return "'\(pickle.name)' (\(pickle.uri)\(pickle.line.map { ":\($0)" } ?? ""))"
    }

    /// A number out of range in the envelope about to be observed.
    mutating func numberProblem(_ problem: String) { note("\(problem) (envelope \(envelopeNumber + 1))") }

    private mutating func note(_ problem: String) {
        problemCount += 1
        if problems.count < limit { problems.append("\(name): \(problem)") }
    }

    private static func key(_ testCaseId: String, _ stepId: String) -> Int {
        var hasher = Hasher()
        hasher.combine(testCaseId)
        hasher.combine(stepId)
        return hasher.finalize()
    }
}
