import Foundation
import SharedState

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A step that calls `exit` in a run in this process (`--no-isolation`). The process would end there and then,
/// with the step's status (`exit(0)`: a green run that reported nothing) and without the run's reports. While a
/// run watches, an `atexit` handler hands the moment to it and holds the step's thread in `exit` meanwhile; the
/// run ends with its reports and the process with the run's code (`SystemConsole.exit` then ends it by `_exit`: a
/// second `exit` while the first runs its handlers is undefined behaviour).
package enum StepExit {
    private struct State {
        var handler: (@Sendable () -> Void)?
        /// The watching process: a child a step forked without exec runs the same handler when it calls `exit`.
        var owner: pid_t = 0
        var inProgress = false
    }

    private static let state = Locked(State())
    /// `atexit` once per process (a handler cannot be removed: one that does nothing when nobody watches).
    private static let installed: Void = { atexit { StepExit.stepCalledExit() } }()

    /// How long the run may take to write its reports before the process ends anyway.
    static let reportsDeadline: TimeInterval = 60

    /// While a run in this process runs: `handler` is called (on the exiting thread) if something calls `exit`.
    package static func watch(_ handler: @escaping @Sendable () -> Void) {
        _ = installed
        state.withLock {
            $0.handler = handler
            $0.owner = getpid()
        }
    }

    package static func unwatch() {
        state.withLock { $0.handler = nil }
    }

    /// Whether a step's `exit` is being held while the run ends.
    package static var inProgress: Bool { state.withLock { $0.inProgress } }

    private static func stepCalledExit() {
        let handler: (@Sendable () -> Void)? = state.withLock { state in
            guard let handler = state.handler, state.owner == getpid() else { return nil }
            state.handler = nil
            state.inProgress = true
            return handler
        }
        guard let handler else { return }
        handler()
        // The run now ends and `SystemConsole.exit` ends the process; this thread waits for it.
        Thread.sleep(forTimeInterval: reportsDeadline)
        let message = "\(ProgramName.current): a step called exit(); the run's reports could not be finished in time\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(1)
    }
}
