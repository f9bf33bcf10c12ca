import Messages

extension RunIndex {
    /// One attempt at running a test case (one `testCaseStarted`).
    package final class Attempt {
        package let started: TestCaseStarted
        /// Its position in the attempts' order (an attempt sent again takes the first one's).
        fileprivate(set) var place: Int
        /// Its test case, found when it started (nil when the stream had not sent it yet).
        fileprivate(set) var record: CaseRecord?
        package var finished: TestCaseFinished?
        #if DEBUG  // exclusivity checked in tests; unchecked in release: written for every step result (callgrind, docs/PERFORMANCE.md)
        fileprivate(set) var results = StepResults()
        #else
        @exclusivity(unchecked) fileprivate(set) var results = StepResults()
        #endif

        struct StepResults {
            /// The result of each finished test step, by its position in the test case (nil: not finished).
            fileprivate(set) var outcomes: [StepOutcome?] = []
            /// The position after the last step that finished: where the next one is looked for first.
            fileprivate var nextStep: Int32 = 0
            /// Its status once worked out after it finished (`status(of:)`): the summary, the failing list and the
            /// reports each ask it of every attempt. Forgotten when another step result arrives.
            fileprivate var knownStatus: TestStepResultStatus?
            /// For a passed or skipped attempt whose steps the index let go (`RunIndex.letGoOfSteps`): how many of
            /// its pickle steps finished, passed and skipped (no other status: it would be the attempt's); nil while
            /// they are kept.
            fileprivate var stepsLetGo: (passed: Int32, skipped: Int32)?
        }
        package var attachments: [String: [Attachment]] = [:]
        package var externalAttachments: [String: [ExternalAttachment]] = [:]
        init(started: TestCaseStarted, place: Int) {
            self.started = started
            self.place = place
        }
        var id: String { started.id }
        package var isFinal: Bool { finished?.willBeRetried != true }

        /// The result of the test step at a position of the test case, once it finished.
        package func outcome(at position: Int) -> StepOutcome? { position < results.outcomes.count ? results.outcomes[position] : nil }
    }
}

extension RunIndex {
    /// Calls `body` with the status of each pickle step (not hook) of an attempt that finished, and how many in a
    /// row had it: the summary's count of steps, for an attempt whose steps the index let go as well.
    package func forEachStepStatus(of attempt: Attempt, _ body: (TestStepResultStatus, Int) -> Void) {
        if let count = attempt.results.stepsLetGo {
            if count.passed > 0 { body(.passed, Int(count.passed)) }
            if count.skipped > 0 { body(.skipped, Int(count.skipped)) }
            return
        }
        guard let steps = record(of: attempt)?.testCase.testSteps else { return }
        for position in steps.indices where steps[position].pickleStepId != nil {
            guard let outcome = attempt.outcome(at: position) else { continue }
            body(outcome.status, 1)
        }
    }
}

/// The run index's test cases, in the planned order and by id, and the attempts at them, in the order they first
/// came and by id. Test cases start in the planned order and a test case's messages come one after the other:
/// each lookup tries the next or the last one first (compared, not hashed).
struct IndexedAttempts {
    typealias Attempt = RunIndex.Attempt

    /// Each test case's place in the planned order (in `caseList`) by its id (`PositionTable`: the id itself is the
    /// record's).
    private var testCases = PositionTable()
    /// The test cases in the planned order (each one's `order` is its position).
    private(set) var caseList: [CaseRecord] = []
    /// Where the next test case to start is looked for first in `caseList`.
    private var nextCaseToStart = 0
    /// Each attempt's place in `list` by its id (`PositionTable`: the id itself is the attempt's).
    private var byId = PositionTable()
    /// The attempts in the order they first came (an attempt sent again takes the place of the first).
    private(set) var list: [Attempt] = []
    /// The attempt that started or had a step result last.
    private var lastAttempt: Attempt?
    /// The attempt the last `testCaseFinished` indexed finished.
    private var lastFinished: Attempt?
    /// How many pickle steps (not hooks) the last step result recorded filled, unsaid, and with what status.
    private(set) var pickleStepsFilled = 0
    private(set) var filledStatus = TestStepResultStatus.passed

    var testCaseCount: Int { testCases.count }

    /// Keeps a test case (one sent again updates its record in place); its record.
    mutating func add(_ testCase: TestCase, expected: Int) -> CaseRecord {
        // A run plans a test case per pickle: the table made that big at once, not grown (rehashing every id)
        // as they come.
        if testCases.isEmpty { testCases.reserveCapacity(expected) }
        // A known one is updated in place.
        if let known = self.testCase(id: testCase.id) {
            known.testCase = testCase
            return known
        }
        let record = CaseRecord(testCase: testCase, order: caseList.count)
        caseList.append(record)
        testCases.insertNew(testCase.id, at: Int32(record.order))
        return record
    }

    /// The test case with this id.
    func testCase(id: String) -> CaseRecord? {
        caseList.withUnsafeBufferPointer { cases in
            testCases.position(of: id) { cases[Int($0)].testCase.id }.map { cases[Int($0)] }
        }
    }

    /// The attempt with this id, looked up.
    func attemptById(_ id: String) -> Attempt? {
        list.withUnsafeBufferPointer { list in byId.position(of: id) { list[Int($0)].started.id }.map { list[Int($0)] } }
    }

    /// A new attempt at its test case; the slot of its pickle, if known.
    mutating func start(_ message: TestCaseStarted) -> Int32? {
        var started = message
        let record = caseRecord(started: started.testCaseId)
        if let record { started.testCaseId = record.testCase.id }
        let attempt = Attempt(started: started, place: list.count)
        attempt.record = record
        if let count = record?.testCase.testSteps.count { attempt.results.outcomes = Array(repeating: nil, count: count) }
        // As many attempts as test cases, but for retries: the table made that big at once.
        if byId.isEmpty { byId.reserveCapacity(testCases.count) }
        // An attempt sent again (a merged stream) keeps its place in the order.
        if let replaced = attemptById(started.id) {
            // (By its place, not searched for: a stream that sends every attempt twice is not quadratic.)
            attempt.place = replaced.place
            list[replaced.place] = attempt
        } else {
            list.append(attempt)
            byId.insertNew(started.id, at: Int32(attempt.place))
        }
        lastAttempt = attempt
        return record?.pickleSlot
    }

    /// A test step's result, kept by its position in its attempt's test case. `fillingUnsaid`: the steps before it
    /// since the last one recorded that have no result take this status (`.skipped`; any other: passed), unsaid
    /// (`RunIndex.stepsUnsaid`); the pickle steps among them are counted in `pickleStepsFilled`.
    mutating func record(_ finished: borrowing TestStepFinished, fillingUnsaid: TestStepResultStatus? = nil) {
        pickleStepsFilled = 0
        guard let attempt = attempt(id: finished.testCaseStartedId), let record = record(of: attempt),
            let position = record.position(of: finished.testStepId, from: Int(attempt.results.nextStep))
        else { return }
        let first = Int(attempt.results.nextStep)
        attempt.results.nextStep = Int32(clamping: position + 1)
        if attempt.results.outcomes.count <= position {
            attempt.results.outcomes.append(contentsOf: repeatElement(nil, count: position + 1 - attempt.results.outcomes.count))
        }
        if let fillingUnsaid, first < position {
            let steps = record.testCase.testSteps
            let skipped = fillingUnsaid == .skipped
            filledStatus = skipped ? .skipped : .passed
            let filling: StepOutcome = skipped ? .skippedUnsaid : .passedUnsaid
            for unsaid in first..<position where attempt.results.outcomes[unsaid] == nil {
                attempt.results.outcomes[unsaid] = filling
                if steps[unsaid].pickleStepId != nil { pickleStepsFilled += 1 }
            }
        }
        attempt.results.outcomes[position] = StepOutcome(finished.testStepResult)
        attempt.results.knownStatus = nil
    }

    /// Notes the attempt a `testCaseFinished` finished; that attempt.
    mutating func finish(_ finished: TestCaseFinished) -> Attempt? {
        guard let attempt = attempt(id: finished.testCaseStartedId) else { return nil }
        attempt.finished = finished
        lastFinished = attempt
        return attempt
    }

    /// Lets go of a finished attempt's outcomes and (when it passed) its test case's steps, keeping how many of its
    /// pickle steps finished, passed and skipped (`RunIndex.letGoOfSteps`, for a passed or skipped attempt only:
    /// every one of them passed or was skipped).
    func letGoOfSteps(of attempt: Attempt, record: CaseRecord) {
        var passed: Int32 = 0, skipped: Int32 = 0
        let steps = record.testCase.testSteps
        for position in steps.indices where steps[position].pickleStepId != nil {
            switch attempt.outcome(at: position)?.status {
            case .none: break
            case .skipped: skipped += 1
            default: passed += 1
            }
        }
        attempt.results.stepsLetGo = (passed, skipped)
        attempt.results.outcomes = []
        // A skipped attempt's test steps stay: in a dry run they are the test case message's own array, made on the
        // runner's thread, and freed on the reports' thread they cost the runner's malloc arena lock (c50k
        // `--dry-run`: 0.72 → 0.75 s wall, and no lower peak).
        if skipped == 0 { record.testCase.testSteps = [] }
    }

    /// The attempt with this id: the last one found when it is the same, otherwise looked up.
    mutating func attempt(id: String) -> Attempt? {
        if let last = lastAttempt, IdKey.sameBytes(last.started.id, id) { return last }
        lastAttempt = attemptById(id)
        return lastAttempt
    }

    /// The attempt with this id, for a report handling its `testCaseFinished` after the index did: the one that
    /// message finished, without looking it up again.
    func finishedAttempt(id: String) -> Attempt? {
        if let last = lastFinished, IdKey.sameBytes(last.started.id, id) { return last }
        return attemptById(id)
    }

    /// The test case of an attempt, found when it started or (for a stream that sent it later) now.
    func record(of attempt: Attempt) -> CaseRecord? {
        attempt.record ?? testCase(id: attempt.started.testCaseId)
    }

    /// The status of an attempt kept once it finished (`RunIndex.status(of:)` works it out).
    func knownStatus(of attempt: Attempt) -> TestStepResultStatus? { attempt.results.knownStatus }

    func keep(_ status: TestStepResultStatus, of attempt: Attempt) {
        if attempt.finished != nil { attempt.results.knownStatus = status }
    }

    /// Whether a test step of an attempt runs a hook; nil for an unknown attempt or test step.
    func isHook(testStepId: String, attemptId: String) -> Bool? {
        guard let attempt = attemptById(attemptId), let record = record(of: attempt),
            let position = record.position(of: testStepId, from: max(0, Int(attempt.results.nextStep) - 1))
        else { return nil }
        return record.testCase.testSteps[position].pickleStepId == nil
    }

    /// The test case an attempt starts: the one after the previous attempt's when it is that one, otherwise looked up.
    private mutating func caseRecord(started testCaseId: String) -> CaseRecord? {
        if nextCaseToStart < caseList.count, IdKey.sameBytes(caseList[nextCaseToStart].testCase.id, testCaseId) {
            nextCaseToStart += 1
            return caseList[nextCaseToStart - 1]
        }
        guard let record = testCase(id: testCaseId) else { return nil }
        nextCaseToStart = record.order + 1
        return record
    }
}
