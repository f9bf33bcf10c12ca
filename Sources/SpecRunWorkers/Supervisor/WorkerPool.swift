import Foundation
import Messages
import SharedState

/// A run in worker processes: starts them through the launcher, feeds everything they say to the `Supervisor`,
/// carries out its actions, and hands the one assembled stream to `emit`. Returns how the run ended.
package struct WorkerPool {
    package init(
        configuration: WorkerConfiguration, settings: Supervisor.Settings, launcher: any WorkerLauncher, console: any Console,
        now: @escaping @Sendable () -> Date = { Date() }, documents: Supervisor.DocumentMaker? = nil, journal: ((Envelope) -> Void)? = nil,
        tickInterval: Double = 0.1
    ) {
        self.configuration = configuration
        self.settings = settings
        self.launcher = launcher
        self.console = console
        self.now = now
        self.documents = documents
        self.journal = journal
        self.tickInterval = tickInterval
    }

    let configuration: WorkerConfiguration
    let settings: Supervisor.Settings
    let launcher: any WorkerLauncher
    let console: any Console
    var now: @Sendable () -> Date = { Date() }
    /// The feature files' messages, made here rather than sent by worker 0 (see `Supervisor.documents`).
    package var documents: Supervisor.DocumentMaker?
    /// Whether `documents` are made from the start of the run on a thread of their own (`DocumentsAhead`), rather
    /// than by the supervisor's loop once worker 0's `meta` has come.
    package var makesDocumentsAhead = true
    /// The feature files' messages one file at a time (nil once all were made), for a run whose worker 0 plans file
    /// by file (`Supervisor.Settings.plansByFile`): taken in place of `documents`, file by file, before their test
    /// cases.
    package var documentFiles: (() -> [Envelope]?)?
    /// Where every envelope goes as it arrives, before the planned order holds some back (`MessageJournal`).
    package var journal: ((Envelope) -> Void)?
    /// How often the supervisor checks its deadlines.
    var tickInterval: Double = 0.1

    package struct Outcome: Equatable {
        package var abortedWith: Int32?
        package var interruptedBy: Int32?
        package var crashes = 0
        package var timeouts = 0
        package var couldNotStart: String?
    }

    /// `pause` is called whenever the supervisor has handled what arrived and waits for more.
    package func run(emit: @escaping (Envelope) -> Void, pause: @escaping () -> Void = {}) async -> Outcome {
        let events = WorkerEvents()
        let interrupts = launcher.interrupts
        interrupts?.listen { signal, count in events.yield([.interrupted(signal, count)]) }
        defer { interrupts?.listen { _, _ in } }
        let supervisor = Supervisor(settings: settings, now: now, documents: documents, forward: emit)
        if settings.plansByFile, let documentFiles {
            // Worker 0 plans file by file: each file's documents are made on the supervisor's loop right before its
            // test cases (made ahead on a thread of their own, they cost 5 % more CPU and wall at c50k).
            supervisor.documents = nil
            supervisor.documentBatches = documentFiles
        } else if let documents, makesDocumentsAhead {
            // Made from now on, beside worker 0's start; the supervisor takes them at its `meta`.
            let ahead = DocumentsAhead(documents)
            supervisor.documents = { emit in ahead.drain(emit) }
        }
        supervisor.warn = { [console] in console.err($0) }
        supervisor.journal = journal
        // The supervisor's clock: its deadlines hold whatever the workers do (see `Supervisor+Deadlines`).
        let ticker = Ticker(every: tickInterval) { events.offer([.tick]) }
        defer { ticker.stop() }
        var handles: [Int: any WorkerHandle] = [:]
        var outcome = Outcome()
        var alive = 0

        /// Instructions for one worker in a row go in one write.
        var unsent: (worker: Int, instructions: [WorkerInstruction])?
        func sendUnsent() {
            if let (number, instructions) = unsent { handles[number]?.send(instructions) }
            unsent = nil
        }

        func perform(_ actions: [Supervisor.Action]) {
            defer { sendUnsent() }
            for action in actions {
                if case .send(let number, let instruction) = action {
                    if unsent?.worker != number { sendUnsent(); unsent = (number, []) }
                    unsent?.instructions.append(instruction)
                    continue
                }
                sendUnsent()
                switch action {
                case .start(let number):
                    var worker = configuration
                    worker.number = number
                    // Only the worker that sends the plan plans it file by file.
                    worker.plansByFile = configuration.plansByFile && number == supervisor.planner
                    do {
                        handles[number] = try launcher.start(worker, events: events)
                        alive += 1
                    } catch {
                        outcome.couldNotStart = "\(error)"
                        events.yield([.ended(number, WorkerResult(exit: .exited(127), stderrTail: "\(error)"))])
                        alive += 1
                    }
                case .send:
                    break
                case .stopAll:
                    handles.values.forEach { $0.kill(SIGKILL) }
                case .signal(let number, let signal):
                    handles[number]?.kill(signal)
                case .abort(let code):
                    outcome.abortedWith = code
                }
            }
        }

        if let signal = interrupts?.received {
            _ = supervisor.interrupt(signal)
            outcome.interruptedBy = signal
        }
        perform(supervisor.start())
        for await batch in events.stream {
            for event in batch {
                switch event {
                case .envelopes(let number, let envelopes):
                    perform(supervisor.receive(envelopes, from: number))
                case .passedSteps(let number, let count, let lastEnd):
                    perform(supervisor.passedSteps(count, lastEnd: lastEnd, from: number))
                case .control(let number, let control):
                    perform(supervisor.control(control, from: number))
                case .badLine(let number, let line):
                    // Not a message at all: not the worker's own outbox (`Supervisor+PlanCheck`).
                    perform(supervisor.reject(number, reason: "a line that is no message: \(line)"))
                case .ended(let number, let result):
                    // A worker ended by the Ctrl-C passed on to it may be heard of before the Ctrl-C itself.
                    if let signal = interrupts?.received, supervisor.interruptedBy == nil {
                        perform(supervisor.interrupt(signal))
                        outcome.interruptedBy = outcome.interruptedBy ?? signal
                    }
                    alive -= 1
                    handles[number] = nil
                    perform(supervisor.workerEnded(number, result))
                case .interrupted(let signal, let count):
                    perform(supervisor.interrupt(signal, count: count))
                    outcome.interruptedBy = outcome.interruptedBy ?? signal
                case .tick:
                    perform(supervisor.tick())
                case .alive(let number):
                    supervisor.heard(from: number)
                }
            }
            events.consumed()
            pause()
            if alive == 0 { events.close() }
        }
        outcome.crashes = supervisor.crashCount
        outcome.timeouts = supervisor.timeoutCount
        outcome.interruptedBy = supervisor.interruptedBy ?? outcome.interruptedBy
        return outcome
    }
}

/// Calls its body every `interval` seconds on a thread of its own until stopped.
package final class Ticker: Sendable {
    /// Whether it was stopped. The body runs under its lock, so that `stop` waits for a call in progress.
    private let stopped = Locked(false)

    package init(every interval: Double, _ body: @escaping @Sendable () -> Void) {
        let pause = useconds_t(max(0.001, interval) * 1_000_000)
        Thread.detachNewThread { [self] in
            while true {
                usleep(pause)
                let goesOn = stopped.withLock { stopped in
                    if !stopped { body() }
                    return !stopped
                }
                if !goesOn { return }
            }
        }
    }

    /// No call of the body runs once this returns (one in progress is waited for). The body must not call it.
    package func stop() { stopped.withLock { $0 = true } }
}
