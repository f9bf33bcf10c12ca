import Foundation
import Messages
import TagExpressions

/// The supervisor of a run's worker processes, as a state machine with no OS in it: events in (a worker's
/// envelopes, control lines and end), actions out (start a worker, send one an instruction, stop them all).
///
/// * **One stream.** Worker 0's prelude (sources, pickles, definitions, testRunStarted, testCases) is forwarded;
///   the other workers make the very same one (same id seed) and only their BeforeAll/AfterAll hook runs are
///   forwarded — each worker runs those once, and every run is reported.
/// * **Canonical order.** Test cases are handed out as workers become free (the slowest first when timings are
///   known), but each one's envelopes are held until it ends and then forwarded whole, in the planned order: the
///   stream, and so every report and the console, reads as the serial run's.
/// * **Repair.** A worker that crashes, times out or is interrupted in the middle of a test case has that test
///   case finished for it (the running step FAILED with the cause, the rest SKIPPED) and is replaced.
///
/// It coordinates parts that each own their state: `Plan` (what the prelude planned), `WorkQueue` (what is left to
/// hand out), `StreamAssembler` (the stream in the planned order), `Tally` (what the run comes to), `PlanCheck` (what
/// fits a worker's plan) and `CrashRepair`; it keeps the workers and routes between them.
package final class Supervisor {
    enum Action: Equatable {
        case start(worker: Int)
        case send(worker: Int, WorkerInstruction)
        /// Kill every worker still running (the run cannot go on).
        case stopAll
        /// The worker could not even start the run (usage error it explained on stderr): exit with this code.
        case abort(exitCode: Int32)
        /// Send this signal to the worker and its process group (SIGTERM: with a SIGCONT, so a stopped one hears it).
        case signal(worker: Int, Int32)
    }

    enum Phase: Equatable { case prelude, working, ending, gone }

    /// A class: the supervisor updates it for every envelope, and a struct in a dictionary would be copied
    /// (with its queue) each time.
    final class Worker {
        /// What the supervisor reads and updates for every envelope the worker sends.
        struct State {
            var phase: Phase = .prelude
            /// The test cases handed out to it, in order; the first is running (or next).
            var assigned = AssignedCases()
            var received = 0
            var running: RunningCase?
            /// The supervisor's monotonic time (ns) of the worker's last sign of life — a batch of its output, or
            /// work handed to it while it had none: what its deadline counts from (`Supervisor+Deadlines`).
            var heard: UInt64 = 0
        }

        #if DEBUG  // exclusivity checked in tests; unchecked in release: read for every envelope a worker sends (docs/PERFORMANCE.md)
        var state = State()
        #else
        @exclusivity(unchecked) var state = State()
        #endif
        var runningHook: (started: TestRunHookStarted, forwarded: Bool)?
        var timedOut: (seconds: Double, step: String?, source: String?)?
        /// The scoped limit its running step or hook said it has (`WorkerControl.limit`); nil: `--timeout`.
        var limit: (seconds: Double, source: String?)?
        var finished: TestRunFinished?
        /// When the supervisor sent it SIGTERM for being past its deadline or interrupted (then SIGKILL follows).
        var terminatedAt: UInt64?
        var killed = false
        /// Why it was ended: a line that did not fit its plan (`Supervisor+PlanCheck`); nothing more of it is heard.
        var misfit: String?
        /// Ended for being past its deadline: nothing more it sends is heard. (A step that stopped its own process
        /// and resumes with the SIGCONT sent beside the SIGTERM would otherwise finish its test case and start
        /// the next before the SIGTERM lands, and the next would be failed for the timeout.)
        var pastDeadline: Bool { terminatedAt != nil && timedOut != nil }
        /// The test cases it ran last, oldest first (`Supervisor+Culprit`): kept planned until they leave.
        var recent: [Int] = []
        /// The test case whose Thread or Task it said it crashed or exited on (`WorkerControl.startedBy`).
        var startedBy: Int?
        /// How many `testCase` messages it sent (the plan's sender: `Supervisor+PlanByFile`).
        var plannedCases = 0
        let number: Int

        init(number: Int) { self.number = number }
    }

    struct RunningCase {
        var started: TestCaseStarted?
        var step: (id: String, since: Timestamp)?
        /// When its last step ended (its start, before the first): the start of its next step, which the worker
        /// does not say without a message report (`WorkerOutbox.sendsStepStarts`).
        var lastEnd: Timestamp?
        /// The test steps that finished, in order (an array: a few per test case, searched only to repair one).
        var finishedSteps: [String] = []
        var worst: TestStepResultStatus = .passed
    }

    let settings: Settings
    let now: () -> Date
    /// Monotonic nanoseconds, for the deadlines (injected: tests move time by hand).
    let uptime: () -> UInt64
    var workers: [Int: Worker] = [:]
    var nextNumber = 0

    /// The parts, each with its own state (docs/ARCHITECTURE-MAP.md, "The supervisor").
    struct Parts {
        /// What the prelude planned.
        var plan: Plan
        /// The test cases left to hand out.
        var queue = WorkQueue()
        /// The stream in the planned order.
        var stream: StreamAssembler
        /// What the run comes to.
        var tally = Tally()
    }

    #if DEBUG  // exclusivity checked in tests; unchecked in release: touched per envelope (`track`: callgrind c10k, docs/PERFORMANCE.md)
    var parts: Parts
    #else
    @exclusivity(unchecked) var parts: Parts
    #endif
    /// Finishes what a dead worker was in the middle of.
    let crashRepair: CrashRepair

    /// When the last tick came (`Supervisor+Deadlines`).
    var lastTick: UInt64?
    var finished = false
    /// Whether the whole plan is known (its sender's `ready` came).
    var preludeDone = false
    /// The worker that sends the plan: worker 0, or the one started to plan the rest after it ended
    /// (`Supervisor+PlanByFile`).
    var planner = 0
    /// Whether the plan comes file by file (a `planned` line came): its test cases are handed out as they come.
    var plansByFile = false
    /// Whether worker 0's `meta` came: the documents made file by file follow it (`documentBatches`).
    var documentsAfterMeta = false
    /// Whether some worker was told to end (to run the AfterAll hooks): a run whose last worker crashed before
    /// that starts one more worker only for them.
    var endSent = false

    /// Makes the feature files' messages (`SpecRunner.emitDocuments`), handing each to its argument.
    package typealias DocumentMaker = @Sendable ((Envelope) -> Void) -> Void

    /// Makes the documents when worker 0 does not send them: they go into the stream right after its `meta`, where
    /// its own would have come. Taken once.
    var documents: DocumentMaker?
    /// The documents a file at a time (nil once all were made), when the plan comes file by file: each file's go
    /// into the stream right before its first test case, not all at once at worker 0's `meta`
    /// (`Supervisor+PlanByFile`). Set in place of `documents`; none go before the `meta`.
    var documentBatches: (() -> [Envelope]?)?
    /// The pickles of the last file whose documents were forwarded (its other test cases need no more).
    var lastDocumentsPickles: Set<String> = []
    /// The same maker, kept to name a culprit scenario after a crash (`Supervisor+Culprit`), and what it named.
    let remakeDocuments: DocumentMaker?
    var scenarioNames: [String: String]?

    init(
        settings: Settings, now: @escaping () -> Date = Date.init,
        uptime: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
        documents: DocumentMaker? = nil, forward: @escaping (Envelope) -> Void
    ) {
        self.settings = settings
        self.now = now
        self.uptime = uptime
        self.documents = documents
        remakeDocuments = documents
        parts = Parts(
            plan: Plan(
                serial: settings.workers > 1 ? settings.serial : nil, namesTestCases: settings.namesTestCases,
                holdsSentSteps: settings.plansWithSentSteps),
            stream: StreamAssembler(output: forward))
        crashRepair = CrashRepair(now: now)
    }

    /// Every envelope as it comes, held ones included, each once (`MessageJournal`: what a SIGKILL leaves).
    var journal: ((Envelope) -> Void)? {
        get { parts.stream.journal }
        set { parts.stream.journal = newValue }
    }

    /// Where the supervisor's own warnings go (stderr).
    var warn: (String) -> Void = { _ in }

    var crashCount: Int { parts.tally.crashCount }
    var timeoutCount: Int { parts.tally.timeoutCount }
    var interruptedBy: Int32? { parts.tally.interruptedBy }
    /// When Ctrl-C (or SIGTERM) reached the supervisor (`uptime`), for the workers' grace.
    var interruptedAt: UInt64? { parts.tally.interruptedAt }

    /// Into the stream now (and the journal).
    func forward(_ envelope: Envelope) { parts.stream.forward(envelope) }

    /// The workers to start first.
    func start() -> [Action] {
        (0..<max(1, settings.workers)).map { _ in startWorker() }
    }

    func startWorker() -> Action {
        let number = nextNumber
        nextNumber += 1
        let worker = Worker(number: number)
        worker.state.heard = uptime()
        workers[number] = worker
        return .start(worker: number)
    }

    // MARK: Envelopes

    /// Forwards, holds or drops an envelope of a worker; returns what to do next (more work when one finished).
    func receive(_ envelope: Envelope, from number: Int) -> [Action] {
        guard let worker = workers[number], worker.misfit == nil, !worker.pastDeadline else { return [] }
        worker.state.received += 1
        worker.state.heard = uptime()
        var finishedCase = false
        let actions = route(envelope, from: number, worker: worker, finishedCase: &finishedCase)
        return finishedCase ? actions + dispatch() : actions
    }

    /// The same for a worker's batch of envelopes, in order: the worker looked up once, the actions of all.
    func receive(_ envelopes: [Envelope], from number: Int) -> [Action] {
        guard let worker = workers[number], worker.misfit == nil, !worker.pastDeadline else { return [] }
        worker.state.heard = uptime()
        var actions: [Action] = []
        for envelope in envelopes {
            if worker.misfit != nil { break }
            worker.state.received += 1
            var finishedCase = false
            let routed = route(envelope, from: number, worker: worker, finishedCase: &finishedCase)
            if !routed.isEmpty { actions += routed }
            if finishedCase { actions += dispatch() }
        }
        return actions
    }

    private func route(_ envelope: Envelope, from number: Int, worker: Worker, finishedCase: inout Bool) -> [Action] {
        // (By kind first: each accessor asked copies the envelope's message box.)
        switch envelope.kind {
        case .testCase where number == planner && !preludeDone:
            acceptPlanned(envelope, from: worker)
            return []
        case .testRunHookStarted:
            if let started = envelope.testRunHookStarted { worker.runningHook = (started, true) }
            forward(envelope)
            return []
        case .testRunHookFinished:
            worker.runningHook = nil
            forward(envelope)
            return []
        case .attachment where envelope.attachment?.testRunHookStartedId != nil,
            .externalAttachment where envelope.externalAttachment?.testRunHookStartedId != nil:
            forward(envelope)
            return []
        case .testRunFinished:
            worker.finished = envelope.testRunFinished
            return []
        default:
            break
        }
        switch worker.state.phase {
        case .prelude:
            if PlanCheck.isTestCaseLine(envelope) {
                return reject(number, reason: "a test case's line before the worker was handed any")
            }
            guard number == 0 else { return [] }
            learn(envelope)
            forward(envelope)
            if envelope.kind == .meta, let documents {
                self.documents = nil
                documents { document in
                    learn(document)
                    forward(document)
                }
            }
            if envelope.kind == .meta { documentsAfterMeta = true }
        case .working:
            let index = worker.state.assigned.first
            if PlanCheck.isTestCaseLine(envelope),
                let misfit = PlanCheck.misfit(
                    envelope, planned: index.flatMap { $0 < parts.plan.count ? parts.plan[$0] : nil }, running: worker.state.running)
            {
                return reject(number, reason: misfit)
            }
            guard let index else { forward(envelope); return [] }
            if track(envelope, index: index, worker: worker) {
                worker.state.assigned.removeFirst()
                finishedCase = true
            }
        default:
            if PlanCheck.isTestCaseLine(envelope) { return reject(number, reason: "a test case's line after the worker was told to end") }
            forward(envelope)
        }
        return []
    }

    /// What the supervisor needs of the prelude: test cases, their steps, @serial, hooks.
    func learn(_ envelope: Envelope) { parts.plan.learn(envelope) }

    /// Holds a test case's envelope; true when it was the test case's last.
    func track(_ envelope: Envelope, index: Int, worker: Worker) -> Bool {
        parts.stream.append(envelope, to: index)
        switch envelope.kind {
        case .testCaseStarted:
            guard let started = envelope.testCaseStarted else { return false }
            worker.state.running = RunningCase(started: started, lastEnd: started.timestamp)
            worker.state.running?.finishedSteps.reserveCapacity(parts.plan.stepCount(of: index))
        case .testStepStarted:
            envelope.withTestStepStarted { started in worker.state.running?.step = (started.testStepId, started.timestamp) }
        case .testStepFinished:
            envelope.withTestStepFinished { stepFinished in
                worker.state.running?.finishedSteps.append(stepFinished.testStepId)
                worker.state.running?.step = nil
                worker.state.running?.lastEnd = stepFinished.timestamp
                let status = stepFinished.testStepResult.status
                if let worst = worker.state.running?.worst, status > worst { worker.state.running?.worst = status }
            }
        case .testCaseFinished:
            guard envelope.withTestCaseFinished({ !$0.willBeRetried }) == true else {
                worker.state.running = nil  // the next attempt starts afresh
                return false
            }
            completeCase(index, passed: passes(worker.state.running?.worst ?? .passed), by: worker)
            worker.state.running = nil
            return true
        default:
            break
        }
        return false
    }

    func passes(_ status: TestStepResultStatus) -> Bool {
        switch status {
        case .passed, .skipped, .unknown: return true
        case .failed, .ambiguous: return false
        case .undefined, .pending: return !settings.strict
        }
    }

    /// A test case is complete (or finished for its dead worker): into the stream when its turn comes; its
    /// `@serial` slot freed; under `--fail-fast`, a failure stops the run.
    /// A test case its worker ended is remembered with the worker's last few (`Supervisor+Culprit`).
    func completeCase(_ index: Int, passed: Bool, by worker: Worker? = nil) {
        guard parts.stream.complete(index) else { return }
        parts.tally.caseEnded(passed: passed)
        if let worker { remember(index, in: worker) } else { parts.plan.forget(index) }
        parts.queue.finished(index)
        if !passed && settings.failFast { parts.queue.stop() }
    }

    // MARK: Control lines

    func control(_ control: WorkerControl, from number: Int) -> [Action] {
        guard let worker = workers[number], worker.misfit == nil else { return [] }
        worker.state.heard = uptime()
        switch control {
        case .timedOut(let seconds, let step, let source):
            worker.timedOut = (seconds, step, source)
            workers[number] = worker
            return []
        case .limit(let seconds, let source):
            worker.limit = seconds.map { ($0, source) }
            return []
        case .startedBy(let index):
            worker.startedBy = index
            return []
        case .planned:
            return planGrew(from: worker)
        case .ready(let count, let beforeAllPassed, let keys):
            // (The plan's sender is worker 0, or one started to plan the rest after it ended: that one's failed
            // BeforeAll hooks plan nothing, and the rest of the plan is never known.)
            if number == planner && !preludeDone && (beforeAllPassed || number == 0) { preludeEnded(count: count, keys: keys) }
            if worker.state.phase == .prelude && !beforeAllPassed {
                worker.state.phase = .ending
                worker.state.heard = uptime()
                workers[number] = worker
                return [.send(worker: number, .end)] + dispatch()
            }
            if worker.state.phase == .prelude { worker.state.phase = .working }
            workers[number] = worker
            return dispatch()
        }
    }
}

extension Supervisor {
    /// A run that crashes more often than it has test cases (plus one a worker) stops restarting.
    var restartLimit: Int { parts.plan.count + settings.workers }
}
