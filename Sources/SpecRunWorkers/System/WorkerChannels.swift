import Foundation
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A worker's two channels to its supervisor, moved off stdin and stdout first thing: user code cannot reach the
/// protocol by accident. The supervisor starts a worker with the instruction pipe as its stdin and the message
/// pipe as its stdout (so the pre-forked worker and an exec'd one start the same way); the worker then
///
/// * moves both to descriptors near the top of its table (below `min(open-file limit, 1024)`), close-on-exec, so
///   a program a step runs does not inherit them and a step closing "a few descriptors above 2" misses them;
/// * points stdin at /dev/null: a step calling `readLine()` reads nothing (it once ate the next instruction);
/// * points stdout at stderr: a step's `print` reaches the terminal, never the message stream.
///
/// A step that closes them anyway (every descriptor) breaks the channel: the worker says so on stderr and exits
/// with `brokenStatus`; the supervisor reports the scenario failed with that line and starts another worker.
///
/// One writer per channel: a child a step forks without exec loses both channels (`specrun_guard_channels`, a
/// pthread_atfork child handler), and a copy that goes on running the worker's code (returns from the step) is
/// ended the first time it reaches them (`endForkedCopy`) — it never speaks for the worker.
package struct WorkerChannels {
    package let instructions: Int32
    package let messages: Int32

    /// The exit status of a worker whose channel to the supervisor was closed under it.
    static let brokenStatus: Int32 = 125

    package static func claim() -> WorkerChannels {
        InterruptForwarder.restoreDefaults()
        let floor = topFloor()
        let messages = moveHigh(STDOUT_FILENO, floor: floor + 1)
        let instructions = moveHigh(STDIN_FILENO, floor: floor)
        fflush(nil)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, STDIN_FILENO)  // (dup2 clears close-on-exec on the copy: children get /dev/null too)
            if null != STDIN_FILENO { close(null) }
        }
        // Line by line, as on a terminal: what a step printed before it crashed the process is not lost in a buffer.
        specrun_line_buffered_stdout()
        owner = getpid()
        _ = specrun_guard_channels(instructions, messages)
        return WorkerChannels(instructions: instructions, messages: messages)
    }

    /// The lowest descriptor for the channels: 8 below the open-file limit (at most 1024; at least 3).
    static func topFloor() -> Int32 {
        var limit = rlimit()
        #if os(Linux)
        let found = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
        let found = getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
        let top = found ? min(UInt64(limit.rlim_cur), 1024) : 256
        return Int32(max(3, Int64(top) - 8))
    }

    /// A close-on-exec copy of `fd` at `floor` or above (the lowest free one there), the original closed; the
    /// original itself (made close-on-exec) when there is no room up there.
    private static func moveHigh(_ fd: Int32, floor: Int32) -> Int32 {
        var moved = fcntl(fd, F_DUPFD_CLOEXEC, floor)
        if moved < 0 { moved = fcntl(fd, F_DUPFD_CLOEXEC, 3) }
        guard moved >= 0 else {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            return fd
        }
        return moved
    }

    /// Says on stderr that the channel is gone and ends the worker (`brokenStatus`): called when a read or a write
    /// on it fails with anything but EINTR.
    static func broken(_ which: String, fd: Int32, errorNumber: Int32) -> Never {
        if isForkedCopy { endForkedCopy() }
        let line =
            "specrun --worker: Fatal error: the worker's \(which) channel to specrun (descriptor \(fd)) broke: "
            + "\(String(cString: strerror(errorNumber))); did a step close descriptors it did not open? The scenario is marked failed\n"
        _ = FileDescriptorIO.writeAll(STDERR_FILENO, Array(line.utf8))
        ProcessControl.endOwnDescendants()
        _exit(brokenStatus)
    }
}

extension WorkerChannels {
    /// The worker's pid, set when it claims its channels (0 before).
    // unsafe: written once, before any step runs (and so before any thread or fork of a step), read after
    nonisolated(unsafe) private static var owner: pid_t = 0

    /// Whether this process is a copy of the worker that a step forked (fork() without exec, or the raw system call).
    static var isForkedCopy: Bool { specrun_is_forked_copy() != 0 || (owner != 0 && getpid() != owner) }

    /// A copy of the worker a step forked went on running the worker's code and reached its channels: it says so on
    /// stderr and ends, having written nothing to them (the worker goes on; its results are its own).
    static func endForkedCopy() -> Never {
        let line =
            "specrun --worker: a process a step forked (pid \(getpid()), fork without exec) went on running the worker's code; "
            + "it was ended before it could write to the worker's channels (end a forked child with _exit or exec)\n"
        _ = FileDescriptorIO.writeAll(STDERR_FILENO, Array(line.utf8))
        _exit(0)
    }
}

/// Reads the supervisor's instructions, a line at a time, from the instruction channel (on the worker's main task).
package final class InstructionReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// Where each read lands: made once (a chunk made for every read was 64 KiB to zero each time).
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    package init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(64 * 1024)
    }

    /// Whether a line (or the channel's end) can be read without waiting.
    package func hasLine() -> Bool {
        if ended || buffer[start...].contains(0x0A) { return true }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0
    }

    /// The next line, without its newline; nil at the end of the channel. A failed read (a step closed it) ends
    /// the worker (`WorkerChannels.broken`).
    package func nextLine() -> String? {
        if WorkerChannels.isForkedCopy { WorkerChannels.endForkedCopy() }
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                buffer.removeAll(keepingCapacity: true); start = 0
                return line
            }
            if start > 0 { buffer.removeFirst(start); start = 0 }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { buffer.append(contentsOf: chunk[..<count]); continue }
            if count == 0 { ended = true; continue }
            if errno == EINTR { continue }
            WorkerChannels.broken("instruction", fd: fd, errorNumber: errno)
        }
    }
}
