import Foundation
import SpecRunCore
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process groups and resource limits of worker processes: the OS calls behind `--memory-limit` and behind
/// "a process a step started ends with its worker".
package enum ProcessControl {
    /// For a worker, first thing: a process group of its own (its id is the worker's pid), which every process its
    /// steps start joins, so that the supervisor can end them all with the worker.
    package static func leadOwnProcessGroup() {
        _ = setpgid(0, 0)
    }

    /// For a worker: when its supervisor is gone (killed with SIGKILL, say), it ends too, with every process its
    /// steps started, rather than run a hanging step forever for nobody. Checked five times a second; the other
    /// ways a worker ends clean up the same way (ProcessControl+Descendants).
    package static func endWithParent() {
        let parent = getppid()
        lineage.withLock { $0 = Lineage(supervisor: parent, worker: getpid()) }
        becomeSubreaper()
        takeBrokenPipesAsErrors()
        Thread.detachNewThread {
            while getppid() == parent { usleep(200_000) }
            endOwnDescendants()
            _ = kill(0, SIGKILL)
        }
    }

    /// Sends `signal` to a worker and to every process of its group (what its steps started and left running).
    /// Any signal but SIGKILL is followed by SIGCONT: a stopped process (a step raised SIGSTOP) hears it.
    /// SIGKILL goes first to the worker's whole process tree (children in other groups, adopted orphans).
    static func signalWorkerAndGroup(_ pid: pid_t, _ signal: Int32) {
        if signal == SIGKILL { killDescendants(of: pid) }
        _ = kill(-pid, signal)
        _ = kill(pid, signal)
        if signal != SIGKILL && signal != SIGCONT {
            _ = kill(-pid, SIGCONT)
            _ = kill(pid, SIGCONT)
        }
    }

    /// Stops a worker and every process of its group (Ctrl-Z of the run: `InterruptForwarder`); SIGCONT through
    /// `signalWorkerAndGroup` continues them.
    static func stopWorkerAndGroup(_ pid: pid_t) {
        _ = kill(-pid, SIGSTOP)
        _ = kill(pid, SIGSTOP)
    }

    /// The environment variable that marks a worker and every process it starts (inherited), so that what is
    /// left of them can be found once the worker is gone.
    static let tokenVariable = "SPECRUN_WORKER_TOKEN"

    static func newToken(worker number: Int) -> String { "\(getpid()).\(number).\(UInt64.random(in: 1...UInt64.max))" }

    /// After a worker has ended (and been reaped): every process its steps started and left running, killed —
    /// its process group (processes started with fork/exec or a shell) and, on Linux, every process whose
    /// environment carries the worker's token (Foundation's `Process` puts each child in a group of its own).
    /// Not the worker's pid itself: it may already belong to another process; a group id is never reused while
    /// the group has a member.
    static func endLeftovers(of pid: pid_t, token: String) {
        _ = kill(-pid, SIGKILL)
        killCarriers(of: token)
    }

    /// Every other process whose environment carries this worker token (Linux /proc), killed. It runs after every
    /// worker's end, before the run's reports: /proc is read with plain system calls (Foundation's `FileManager`
    /// made it half a millisecond of a one-scenario run on a machine of 65 processes, more on a busy CI runner).
    static func killCarriers(of token: String) {
        #if os(Linux)
        let needle = Array("\(tokenVariable)=\(token)\u{0}".utf8)
        let me = getpid()
        guard let directory = opendir("/proc") else { return }
        defer { closedir(directory) }
        var environment: [UInt8] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard let other = pid_t(name), other != me, readAll("/proc/\(name)/environ", into: &environment),
                Self.carries(environment, needle)
            else { continue }
            _ = kill(other, SIGKILL)
        }
        #endif
    }

    /// Whether an environment block (`NAME=value\0…`) holds the variable `needle` (`NAME=value\0`) as one entry.
    static func carries(_ environment: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, environment.count >= needle.count else { return false }
        var start = 0
        while start + needle.count <= environment.count {
            if environment[start] == needle[0], environment[start..<start + needle.count].elementsEqual(needle) { return true }
            // The next entry: past this one's terminating zero.
            guard let end = environment[start...].firstIndex(of: 0) else { return false }
            start = end + 1
        }
        return false
    }

    /// The whole content of a (/proc) file into `bytes`; false when it cannot be opened.
    private static func readAll(_ path: String, into bytes: inout [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        bytes.removeAll(keepingCapacity: true)
        FileDescriptorIO.readChunks(fd) { bytes.append(contentsOf: $0) }
        return true
    }

    /// The soft limit of open files (`ulimit -n`), nil when unlimited or unknown.
    package static func openFileLimit() -> Int? {
        var limit = rlimit()
        #if os(Linux)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        return limit.rlim_cur > UInt64(Int.max) ? nil : Int(limit.rlim_cur)  // (RLIM_INFINITY is all ones)
    }

    /// For a worker: at most `bytes` of data memory (heap and other private writable memory; RLIMIT_DATA on Linux,
    /// RLIMIT_AS elsewhere). An allocation beyond it fails, and the Swift runtime ends the process, which the
    /// supervisor reports as that scenario's failure.
    static func limitMemory(_ bytes: UInt64) throws {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        #if os(Linux)
        let result = setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
        #else
        let result = setrlimit(RLIMIT_AS, &limit)
        #endif
        if result != 0 {
            throw UsageError(
                message: "--memory-limit: the system refused a limit of \(bytes) bytes (\(String(cString: strerror(errno)))); "
                    + "check the hard limit with ulimit -H -d")
        }
    }
}
