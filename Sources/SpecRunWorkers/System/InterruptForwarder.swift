import Foundation
import SharedState
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C, a SIGTERM, a SIGHUP (a closed terminal or ssh session) — any of `endingSignals` — must not kill the
/// supervisor before it has written the reports: it passes the signal on to the running workers instead (whose death it then reports as an interruption) and starts no other.
/// A launcher's (`WorkerLauncher.interrupts`): it hears of the workers it starts. The signals are taken over from
/// the first `listen` on (they are ignored from then on, and heard here).
package final class InterruptForwarder: Sendable {
    /// The one `RunCommand` reads until it takes its launcher's (`WorkerLauncher.interrupts`).
    package static let shared = InterruptForwarder()

    private struct State {
        var source: (any DispatchSourceRead)?
        var workers: Set<pid_t> = []
        var onSignal: (@Sendable (Int32, Int) -> Void)?
        var count = 0
        var received: Int32?
        /// Between Ctrl-Z and the continue: a worker started meanwhile is stopped as it is added.
        var paused = false
    }

    private let state = Locked(State())
    /// Stops a worker and its group, and continues them (injected: a test must not stop processes).
    private let stopWorker: @Sendable (pid_t) -> Void
    private let continueWorker: @Sendable (pid_t) -> Void

    package convenience init() {
        self.init(stopWorker: ProcessControl.stopWorkerAndGroup, continueWorker: { ProcessControl.signalWorkerAndGroup($0, SIGCONT) })
    }

    init(stopWorker: @escaping @Sendable (pid_t) -> Void, continueWorker: @escaping @Sendable (pid_t) -> Void) {
        self.stopWorker = stopWorker
        self.continueWorker = continueWorker
    }

    /// A worker started: it hears the signals passed on, and stops at once when the run is pausing (stopped under the
    /// lock, so that the continue that ends the pause comes after it).
    func add(_ pid: pid_t) {
        state.withLock { state in
            state.workers.insert(pid)
            if state.paused { stopWorker(pid) }
        }
    }
    func remove(_ pid: pid_t) { state.withLock { _ = $0.workers.remove(pid) } }

    /// Who hears of a signal besides the workers (the supervisor: it stops handing out work).
    /// (Given the signal and how many came so far: 2 for a second Ctrl-C.)
    package func listen(_ body: @escaping @Sendable (Int32, Int) -> Void) {
        state.withLock { state in
            state.onSignal = body
            guard state.source == nil else { return }
            // Caught into a pipe (`signals.c`): none is lost, however early it comes.
            guard let source = Self.signalPipe() else { return }
            source.setEventHandler { [weak self] in
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(Int32(source.handle), &bytes, bytes.count)
                for signalNumber in Self.signals(inPipeBytes: bytes.prefix(max(0, count))) where specrun_take_caught(signalNumber) != 0 {
                    if signalNumber == SIGTSTP { self?.pause() } else { self?.forward(signalNumber) }
                }
            }
            source.resume()
            // (Ctrl-Z: read from the same pipe, in order with the others.)
            _ = specrun_watch_stop_signal()
            state.source = source
        }
    }

    /// The signals named by bytes read from the signal pipe: only the ending signals' numbers and SIGTSTP. Under
    /// `--no-isolation` a step runs in this process, and one that writes to every descriptor (or a copy it forked)
    /// writes into the pipe too: its bytes (`!E 0 0 0`, text) were read as signal 33, 69, … and ended the run with
    /// exit 161. A byte that is one of the ten numbers is a signal only while the handler counted one caught and not
    /// yet taken (`specrun_take_caught`, signals.c).
    package static func signals<Bytes: Sequence<UInt8>>(inPipeBytes bytes: Bytes) -> [Int32] {
        bytes.map { Int32($0) }.filter { endingSignals.contains($0) || $0 == SIGTSTP }
    }

    /// Whether the run reads the signals (from its first `listen` on).
    package var isListening: Bool { state.withLock { $0.source != nil } }

    /// The first interrupting signal received, if any.
    package var received: Int32? {
        state.withLock { $0.received }
    }

    /// The first signal is passed on (the supervisor kills what is left after a grace); a second one kills every
    /// worker at once, here, whatever the supervisor's loop is doing.
    private func forward(_ signalNumber: Int32) {
        let (again, number, pids, listener) = state.withLock { state in
            let again = state.received != nil
            if state.received == nil { state.received = signalNumber }
            state.count += 1
            return (again, state.count, state.workers, state.onSignal)
        }
        for pid in pids { ProcessControl.signalWorkerAndGroup(pid, again ? SIGKILL : signalNumber) }
        listener?(signalNumber, number)
    }

    /// Ctrl-Z (SIGTSTP): the workers stop — each leads a process group of its own, which a terminal's Ctrl-Z does
    /// not reach, so they would run on, their steps too, while the run seems paused — then specrun itself stops,
    /// as SIGTSTP's default would. Continued (a shell's `fg` or `bg`), it continues them. Neither a worker's
    /// watchdog nor the supervisor's deadlines count the pause (`WorkerOutbox.runWatchdog`, `Supervisor.tick`).
    private func pause() {
        let stopped = beginPause()
        specrun_stop_self()
        endPause(stopped)
    }

    /// Stops every worker and marks the run paused (a worker added from now on is stopped as it is added); returns
    /// the workers stopped.
    func beginPause() -> Set<pid_t> {
        let stopped = state.withLock { state in
            state.paused = true
            return state.workers
        }
        for pid in stopped { stopWorker(pid) }
        return stopped
    }

    /// Continues the workers stopped by `beginPause` and every one added since.
    func endPause(_ stopped: Set<pid_t>) {
        let workers = state.withLock { state in
            state.paused = false
            return state.workers
        }
        for pid in stopped.union(workers) { continueWorker(pid) }
    }

    /// Every signal whose default ends a process and that a terminal, a CI runner, `kill` or a resource limit sends
    /// to end a run: each ends it with its reports (marked interrupted) and exit status 128 + the signal.
    package static let endingSignals: [Int32] = [
        SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ, SIGPIPE,
    ]

    /// A read source on a pipe each ending signal writes its number to (`specrun_watch_signals`); nil if the pipe
    /// cannot be made (the signals then keep their defaults).
    private static func signalPipe() -> (any DispatchSourceRead)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        var signals = endingSignals
        guard specrun_watch_signals(ends[1], &signals, Int32(signals.count)) == 0 else {
            close(ends[0]); close(ends[1])
            return nil
        }
        // One that came before (caught since before `main`: `specrun_watch_signals_early`) is heard now.
        var early = UInt8(truncatingIfNeeded: specrun_take_early_signal())
        if early != 0 {
            specrun_note_caught(Int32(early))
            _ = write(ends[1], &early, 1)
        }
        return DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .global())
    }

    /// For a worker: the default dispositions back (ignored signals are inherited across exec).
    static func restoreDefaults() {
        for signalNumber in endingSignals { signal(signalNumber, SIG_DFL) }
    }
}
