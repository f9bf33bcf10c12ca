import Foundation

/// The supervisor owns time: a worker in user code (World init, a hook of any kind, a step) that gives no sign of
/// life for longer than `--timeout` plus a slack is past its deadline, whatever happens inside it — a stopped
/// process (SIGSTOP), a watchdog thread that cannot run, a step that closed its descriptors. The worker gets
/// SIGTERM (and SIGCONT), then SIGKILL after `killGraceSeconds`; its running test case or hook is reported FAILED
/// with `Timeout`, and the run goes on with another worker.
///
/// A healthy worker is never silent that long: it writes what it has buffered at least every
/// `WorkerOutbox.flushInterval` and a line at every step's end (and start, for a message report), so silence
/// means one phase has run past the timeout (its own watchdog, which names the step, usually fires first, at the
/// timeout itself).
extension Supervisor {
    /// Called about every 100 ms by the pool (and by tests with a moved clock): the signals to send.
    func tick() -> [Action] {
        let now = uptime()
        defer { lastTick = now }
        // The supervisor itself could not listen (its loop waited for slow reports, so its readers stopped reading
        // and the workers waited on their writes): their silence is its own, and counts from now.
        let stalled = lastTick.map { now &- $0 > Self.stallNanoseconds } ?? false
        if stalled { for worker in workers.values { worker.state.heard = max(worker.state.heard, now) } }
        var actions: [Action] = []
        for number in workers.keys.sorted() {
            guard let worker = workers[number], worker.state.phase != .gone, !worker.killed else { continue }
            if let since = worker.terminatedAt {
                let grace = interruptedAt != nil && worker.timedOut == nil ? settings.interruptGraceSeconds : settings.killGraceSeconds
                if now &- since >= Self.nanoseconds(grace) {
                    worker.killed = true
                    actions.append(.signal(worker: number, SIGKILL))
                }
                continue
            }
            if let interrupted = interruptedAt {
                // Ctrl-C was passed on by the signal handler; those still here after the grace are killed.
                if now &- interrupted >= Self.nanoseconds(settings.interruptGraceSeconds) {
                    worker.killed = true
                    actions.append(.signal(worker: number, SIGKILL))
                }
                continue
            }
            let limit = worker.limit?.seconds ?? settings.timeoutSeconds
            guard !stalled, limit > 0, inUserCode(worker),
                now &- worker.state.heard >= Self.nanoseconds(Self.deadline(limit))
            else { continue }
            worker.timedOut = worker.timedOut ?? (limit, Self.silentWorker(Self.deadline(limit)), worker.limit?.source)
            worker.terminatedAt = now
            actions.append(.signal(worker: number, SIGTERM))
        }
        return actions
    }

    /// A sign of life that is no envelope (the middle of a long line).
    func heard(from number: Int) {
        workers[number]?.state.heard = uptime()
    }

    /// The silence after which a worker in user code is ended: the timeout, plus a tenth of it (at least 1 s, at
    /// most 10 s) for the worker's own watchdog to act first and for a busy machine.
    /// (A scoped limit — `@timeout:5s`, a step definition's `timeout:` — that the worker said its running step
    /// has replaces `--timeout` in it: `deadline(_:)`.)
    var deadlineSeconds: Double { Self.deadline(settings.timeoutSeconds) }

    static func deadline(_ timeoutSeconds: Double) -> Double {
        timeoutSeconds + min(10, max(1, timeoutSeconds / 10))
    }

    /// Whether the worker runs code of the user's now (or should be answering): a test case handed to it, a
    /// BeforeAll hook started, or its ending (AfterAll hooks) asked for.
    func inUserCode(_ worker: Worker) -> Bool {
        switch worker.state.phase {
        case .working: return !worker.state.assigned.isEmpty
        case .prelude: return worker.runningHook != nil
        case .ending: return true
        case .gone: return false
        }
    }

    /// Ctrl-C or SIGTERM of specrun (already passed on to the workers): no new work is handed out; the workers
    /// still running after `interruptGraceSeconds` are killed. A second one kills them at once.
    /// `count`: how many signals specrun received so far; the same signal heard twice (from its handler and from a
    /// worker's end) counts once.
    @discardableResult
    func interrupt(_ signal: Int32, count: Int = 1) -> [Action] {
        parts.tally.interrupt(by: signal, at: uptime())
        guard count >= 2 else { return [] }
        var actions: [Action] = []
        for number in workers.keys.sorted() {
            guard let worker = workers[number], worker.state.phase != .gone, !worker.killed else { continue }
            worker.killed = true
            actions.append(.signal(worker: number, SIGKILL))
        }
        return actions
    }

    /// Ticks come every 0.1 s: half a second without one is the supervisor's own stall.
    static let stallNanoseconds: UInt64 = 500_000_000

    static func silentWorker(_ seconds: Double) -> String {
        "its worker process gave no sign of life for \(CrashWording.seconds(seconds)) s: stopped, or blocked where its own watchdog could not end it"
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(min(max(0, seconds), 1e9) * 1e9)
    }
}
