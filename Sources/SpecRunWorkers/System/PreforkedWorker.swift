import Foundation
import SharedState
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A worker process just started: its pid, the supervisor's ends of its stdin, stdout and stderr (owned: the
/// supervisor closes them), and a wait for its end (after which what its steps left running is gone too).
struct StartedWorker: Sendable {
    let pid: pid_t
    let stdin: Int32
    let stdout: Int32
    let stderr: Int32
    let ended: EndOfProcess

    /// Waits for the worker's end.
    func exit() -> WorkerExit { ended.wait() }
}

/// The first worker, forked before `main` by `SpecRunSystem` (Linux): it skips the ~8 ms an exec'd worker spends
/// loading the Swift runtime and Foundation, on the critical path of every run. Taken once; every other worker
/// is exec'd.
package enum PreforkedWorker {
    /// Whether this process is that worker.
    package static var isThisProcess: Bool { specrun_prefork_is_worker() != 0 }

    /// The forked worker, if there is one not yet taken: it is then reaped (and what its steps left running ended)
    /// by a thread of its own, as `Process` does for an exec'd one.
    static func take() -> StartedWorker? {
        var stdin: Int32 = -1, stdout: Int32 = -1, stderr: Int32 = -1
        var token = [CChar](repeating: 0, count: 96)
        let pid = specrun_prefork_take(&stdin, &stdout, &stderr, &token, Int32(token.count))
        guard pid > 0 else { return nil }
        let tokenText = String(decoding: token.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let ended = EndOfProcess()
        Thread.detachNewThread {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result < 0 && errno == EINTR
            ProcessControl.endLeftovers(of: pid, token: tokenText)
            ended.set(result == pid ? WorkerExit(waitStatus: status) : .exited(0))
        }
        return StartedWorker(pid: pid, stdin: stdin, stdout: stdout, stderr: stderr, ended: ended)
    }

    /// No worker will be started: the forked one reads the end of its stdin and exits.
    static func release() { specrun_prefork_release() }
}

/// A worker's exit, once known.
final class EndOfProcess: Sendable {
    private let exit = Locked<WorkerExit?>(nil)
    /// Entered until the exit is known: a wait for it.
    private let known = DispatchGroup()

    init() { known.enter() }

    func set(_ value: WorkerExit) {
        let first = exit.withLock { exit in
            defer { exit = value }
            return exit == nil
        }
        if first { known.leave() }
    }

    func wait() -> WorkerExit {
        known.wait()
        return exit.withLock { $0! }
    }

    /// The exit if it comes within `seconds`, nil otherwise.
    func wait(seconds: Double) -> WorkerExit? {
        _ = known.wait(timeout: .now() + seconds)
        return exit.withLock { $0 }
    }
}

extension WorkerExit {
    /// From a `waitpid` status.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        if signal == 0 {
            self = .exited((status >> 8) & 0xff)
        } else {
            self = .signaled(signal)
        }
    }
}
