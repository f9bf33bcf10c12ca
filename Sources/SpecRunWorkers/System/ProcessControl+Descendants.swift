import Foundation
import SharedState
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "A process a step started ends with its worker", whatever the way the worker ends.
///
/// A worker once left a step's child running about one run in four when its supervisor was SIGKILLed: its
/// parent-death watcher looks every 0.2 s, but the worker's next write to the dead supervisor's pipe (the buffer it
/// writes every 50 ms) killed it first with SIGPIPE, and the child, in a process group of its own (Foundation's
/// `Process`), was orphaned. So:
///
/// * a worker takes SIGPIPE as an error (a handler, not `SIG_IGN`: a program a step runs gets the default back at
///   exec), and a broken channel ends the worker through the same clean-up as its other ends;
/// * a worker is a child subreaper (Linux): a process its steps started whose parent ends (a daemon that forked
///   twice, `setsid`, cleared its environment) becomes the worker's child instead of init's, so it stays findable;
/// * every end of a worker — its normal exit, `exit` in a step, the watchdog, a broken channel, its supervisor's
///   death — first kills every descendant it has (its process tree in /proc, whatever their group or environment),
///   and when the supervisor is gone, the token's carriers too (nobody else will);
/// * the supervisor, before it SIGKILLs a worker, kills the worker's tree (a step that ignores SIGTERM may have
///   children that do too).
extension ProcessControl {
    /// This process as a worker (both 0 in the supervisor and in-process runs).
    struct Lineage: Sendable {
        /// The supervisor's pid as the worker saw it at start.
        var supervisor: pid_t = 0
        /// The worker's own pid: a child a step forked without exec runs the worker's `atexit` handlers when it
        /// calls `exit`, and must not take its parent's clean-up for its own.
        var worker: pid_t = 0
    }

    /// Set by `endWithParent`. A global: the `atexit` handler that ends the descendants has no context to be handed it.
    static let lineage = Locked(Lineage())

    /// For a worker: orphaned descendants become its children (Linux `PR_SET_CHILD_SUBREAPER`; elsewhere nothing).
    /// Not inherited by the processes it starts.
    static func becomeSubreaper() {
        _ = specrun_become_subreaper()
    }

    /// For a worker: a write on a pipe nobody reads fails with EPIPE instead of killing the process. A handler
    /// (reset to the default by exec), not `SIG_IGN` (which programs a step runs would inherit).
    static func takeBrokenPipesAsErrors() {
        handle([SIGPIPE], with: brokenPipeHandler, flags: SA_RESTART)
    }

    /// Installs `handler` for `signals` (`sigaction`, nothing blocked while it runs).
    static func handle(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void, flags: Int32) {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        for signalNumber in signals { sigaction(signalNumber, &action, nil) }
    }

    /// For a worker, on its way out (any way): every process of its tree killed; with the supervisor gone (the
    /// worker was reparented), every carrier of its token too. Costs one system call when the worker has no child.
    static func endOwnDescendants() {
        let lineage = lineage.value
        guard lineage.worker != 0, getpid() == lineage.worker else { return }
        if hasChildren() { killDescendants(of: getpid()) }
        let supervisorIsGone = lineage.supervisor != 0 && getppid() != lineage.supervisor
        if supervisorIsGone, let token = getenv(tokenVariable).map({ String(cString: $0) }) { killCarriers(of: token) }
    }

    /// Whether this process has a child, running or not yet reaped.
    static func hasChildren() -> Bool {
        #if os(Linux)
        var info = siginfo_t()
        return waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0
        #else
        return true
        #endif
    }

    /// SIGKILLs every live descendant of `root` (Linux /proc: parent links), in rounds until none is left (a
    /// process forked meanwhile by one being killed is reparented to `root` when it is a subreaper, and found in
    /// the next round). `root` itself is not signalled.
    static func killDescendants(of root: pid_t) {
        for _ in 0..<16 {
            let found = descendants(of: root)
            if found.isEmpty { return }
            for pid in found { _ = kill(pid, SIGKILL) }
        }
    }

    /// The live (not zombie) descendants of `root`.
    static func descendants(of root: pid_t) -> [pid_t] {
        let children = liveChildrenByParent()
        var result: [pid_t] = []
        var queue = children[root] ?? []
        while let next = queue.popLast() {
            guard next != root, !result.contains(next) else { continue }
            result.append(next)
            queue += children[next] ?? []
        }
        return result
    }

    /// Every live (not zombie) process's pid, by its parent's: Linux /proc/PID/stat; macOS sysctl(KERN_PROC_ALL)
    /// (no subreaper there, so a daemon that forked twice is launchd's child and out of reach, but children in
    /// groups of their own — Foundation's `Process` — are found).
    private static func liveChildrenByParent() -> [pid_t: [pid_t]] {
        var children: [pid_t: [pid_t]] = [:]
        #if os(Linux)
        guard let directory = opendir("/proc") else { return [:] }
        var buffer = [UInt8](repeating: 0, count: 512)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let pid = pid_t(name), let (state, parent) = stat(of: name, buffer: &buffer), state != UInt8(ascii: "Z"),
                state != UInt8(ascii: "X")
            else { continue }
            children[parent, default: []].append(pid)
        }
        closedir(directory)
        #elseif canImport(Darwin)
        var mib: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_ALL, 0]
        var size = 0
        guard sysctl(&mib, u_int(mib.count), nil, &size, nil, 0) == 0, size > 0 else { return [:] }
        let stride = MemoryLayout<kinfo_proc>.stride
        var processes = [kinfo_proc](repeating: kinfo_proc(), count: size / stride + 16)
        size = processes.count * stride
        guard sysctl(&mib, u_int(mib.count), &processes, &size, nil, 0) == 0 else { return [:] }
        for process in processes.prefix(size / stride) where Int32(process.kp_proc.p_stat) != SZOMB {
            children[process.kp_eproc.e_ppid, default: []].append(process.kp_proc.p_pid)
        }
        #endif
        return children
    }

    /// The state letter and parent pid of a process, from /proc/PID/stat (`pid (comm) S ppid …`; comm may hold
    /// spaces and parentheses: the fields start after the last ')').
    private static func stat(of pid: String, buffer: inout [UInt8]) -> (UInt8, pid_t)? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parseStat(buffer[..<count])
    }

    /// (State, parent pid) of a /proc/PID/stat line.
    static func parseStat(_ line: ArraySlice<UInt8>) -> (UInt8, pid_t)? {
        guard let close = line.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "), maxSplits: 3)
        guard fields.count >= 2, let state = fields[0].first,
            let parent = pid_t(String(decoding: fields[1], as: UTF8.self))
        else { return nil }
        return (state, parent)
    }
}

private let brokenPipeHandler: @convention(c) (Int32) -> Void = { _ in }
