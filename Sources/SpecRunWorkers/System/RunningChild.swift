import Foundation
import SharedState
import SpecRunSystem

/// The child process a command waits for now (a run of `watch`), to pass it a signal that ends runs: a signal sent
/// to the waiting process alone reaches the child this way. One that came from a terminal (Ctrl-C, a hangup) is not
/// passed on: the terminal sent it to the child too, and a second one would end the child's run at once.
package final class RunningChild: Sendable {
    private struct State {
        var pid: pid_t?
        /// A signal to pass on that came while no child ran (before the next one started, or between two).
        var pending: Int32?
    }

    private let state = Locked(State())

    package init() {}

    /// Passes `signal` on to the running child, or to the next one when it starts; nothing when a terminal sent it.
    package func pass(_ signal: Int32) {
        guard specrun_signal_came_from_kernel(signal) == 0 else { return }
        let pid = state.withLock { state -> pid_t? in
            if state.pid == nil, state.pending == nil { state.pending = signal }
            return state.pid
        }
        if let pid { _ = kill(pid, signal) }
    }

    func started(_ pid: pid_t) {
        let pending = state.withLock { state -> Int32? in
            state.pid = pid
            defer { state.pending = nil }
            return state.pending
        }
        if let pending { _ = kill(pid, pending) }
    }

    func ended() { state.withLock { $0.pid = nil } }
}
