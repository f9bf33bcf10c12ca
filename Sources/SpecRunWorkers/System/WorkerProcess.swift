import Foundation
import SharedState
import SpecRunSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts worker processes. Injected so the supervisor can be tested without processes.
package protocol WorkerLauncher: Sendable {
    /// Starts worker `number` with this configuration; everything it says, and its end, arrives in `events`.
    func start(_ configuration: WorkerConfiguration, events: WorkerEvents) throws -> any WorkerHandle
    /// No worker will be started (the run is in-process, or there is no run): what was made ready goes.
    func releaseUnused()
    /// Ctrl-C and SIGTERM of this process, passed on to the workers this launcher started (nil: not heard).
    var interrupts: InterruptForwarder? { get }
    /// Where the listeners hand back the envelopes this launcher's reader threads decoded, for those threads to
    /// free (nil: freed where they were heard).
    var returns: DecodedEnvelopeReturns? { get }
}

extension WorkerLauncher {
    func releaseUnused() {}
    package var interrupts: InterruptForwarder? { nil }
    package var returns: DecodedEnvelopeReturns? { nil }
}

/// A running worker: its stdin, and a way to stop it.
package protocol WorkerHandle: AnyObject, Sendable {
    /// Writes the instructions, in order, at once.
    func send(_ instructions: [WorkerInstruction])
    func kill(_ signal: Int32)
}

/// The real thing: this same executable with `--worker`, its configuration and instructions on a pipe to its
/// stdin, its envelopes on a pipe from its stdout, its stderr passed through as it comes (keeping the tail, to
/// quote the runtime's fatal-error line).
package struct SystemWorkerLauncher: WorkerLauncher {
    var executablePath: String = Self.currentExecutable()
    package let interrupts: InterruptForwarder?
    package let returns: DecodedEnvelopeReturns?

    package init(interrupts: InterruptForwarder = InterruptForwarder(), returns: DecodedEnvelopeReturns = DecodedEnvelopeReturns()) {
        self.interrupts = interrupts
        self.returns = returns
    }

    package func start(_ configuration: WorkerConfiguration, events: WorkerEvents) throws -> any WorkerHandle {
        let started = try PreforkedWorker.take() ?? spawn(configuration)
        let interrupts = interrupts, returns = returns
        interrupts?.add(started.pid)
        let handle = SystemWorkerHandle(pid: started.pid, stdin: started.stdin)
        handle.write(configuration.encodedLine())

        let tail = StderrTail()
        let errorsDone = DispatchSemaphore(value: 0)
        let errorsFd = started.stderr
        Thread.detachNewThread {
            let filter = StackTraceFilter { FileDescriptorIO.writeAll(STDERR_FILENO, $0) }
            FileDescriptorIO.readAll(errorsFd) { chunk in
                filter.append(chunk)
                tail.append(chunk)
            }
            close(errorsFd)
            filter.finish()
            errorsDone.signal()
        }
        let number = configuration.number
        Thread.detachNewThread {
            // (A worker that plans the rest of a run sends only its test cases, not a prelude to skip.)
            let decoder = WorkerOutputDecoder(
                number: number, skipsPrelude: number != 0 && !configuration.plansByFile, keepsJSON: configuration.messageReport,
                keepsStepStarts: configuration.messageReport)
            var lastAlive: UInt64 = 0
            FileDescriptorIO.readChunks(started.stdout, coalescing: true) { chunk in
                returns?.free()
                let decoded = decoder.append(chunk)
                if !decoded.isEmpty { return events.yield(decoded) }
                // The middle of a long line (a 50 MB attachment): no envelope yet, but the worker is talking —
                // said to the supervisor's deadline at most every 0.1 s.
                let now = DispatchTime.now().uptimeNanoseconds
                if now &- lastAlive > 100_000_000 {
                    lastAlive = now
                    events.offer([.alive(number)])
                }
            }
            events.yield(decoder.finish())
            // The message channel ended. A worker that ends closes it a moment before its exit; one still there
            // after `channelGrace` lost it (a step closed its descriptors) and is ended: it can tell nobody anything.
            var channelBroke = false
            var exit = started.ended.wait(seconds: Self.channelGrace)
            if exit == nil {
                channelBroke = true
                ProcessControl.signalWorkerAndGroup(started.pid, SIGKILL)
                exit = started.exit()
            }
            interrupts?.remove(started.pid)
            handle.closeInput()
            // A process the steps started (and left running) may hold the worker's stderr open: do not wait for it.
            _ = errorsDone.wait(timeout: .now() + .milliseconds(500))
            events.yield([.ended(number, WorkerResult(exit: exit ?? .signaled(SIGKILL), stderrTail: tail.text, channelBroke: channelBroke))]
            )
            close(started.stdout)
        }
        return handle
    }

    package func releaseUnused() {
        PreforkedWorker.release()
        if interrupts?.isListening != true { specrun_release_signals() }
    }

    /// Seconds a worker may take to exit once its message channel has ended.
    static let channelGrace = 2.0

    /// A new process of this executable with `--worker`.
    private func spawn(_ configuration: WorkerConfiguration) throws -> StartedWorker {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = [WorkerFlag.worker]
        var environment = ProcessInfo.processInfo.environment
        // The crash is reported in the messages; the runtime's backtracer would only slow it down and print a
        // stack trace of specrun's own frames. Whoever wants it sets SWIFT_BACKTRACE themselves.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let token = ProcessControl.newToken(worker: configuration.number)
        environment[ProcessControl.tokenVariable] = token
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        specrun_enlarge_pipe(output.fileHandleForWriting.fileDescriptor)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let ended = EndOfProcess()
        process.terminationHandler = { process in
            // What its steps started and left running ends with it, and lets go of the pipes it holds.
            ProcessControl.endLeftovers(of: process.processIdentifier, token: token)
            ended.set(
                process.terminationReason == .uncaughtSignal ? .signaled(process.terminationStatus) : .exited(process.terminationStatus))
        }
        try process.run()
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        try? input.fileHandleForReading.close()
        // The pipes close their descriptors when they go: the started worker has copies of its own.
        return StartedWorker(
            pid: process.processIdentifier, stdin: FileDescriptorIO.duplicate(input.fileHandleForWriting.fileDescriptor),
            stdout: FileDescriptorIO.duplicate(output.fileHandleForReading.fileDescriptor),
            stderr: FileDescriptorIO.duplicate(errors.fileHandleForReading.fileDescriptor), ended: ended)
    }

    /// This executable: /proc/self/exe on Linux (no PATH or relative-path guessing), the bundle's otherwise.
    static func currentExecutable() -> String {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return "/proc/self/exe"
        #else
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }
}

/// The supervisor's end of a worker process.
final class SystemWorkerHandle: WorkerHandle {
    private let pid: pid_t
    /// The worker's stdin (-1 once closed): written by the supervisor's loop, closed by the reader thread.
    private let stdin: Locked<Int32>

    init(pid: pid_t, stdin: Int32) {
        self.pid = pid
        self.stdin = Locked(stdin)
    }

    func send(_ instructions: [WorkerInstruction]) {
        var bytes: [UInt8] = []
        for instruction in instructions { bytes += instruction.line.utf8 }
        write(bytes)
    }

    func write(_ bytes: [UInt8]) {
        stdin.withLock { stdin in
            guard stdin >= 0 else { return }
            if !FileDescriptorIO.writeAll(stdin, bytes) { Self.closeOnce(&stdin) }
        }
    }

    func closeInput() {
        stdin.withLock { Self.closeOnce(&$0) }
    }

    private static func closeOnce(_ stdin: inout Int32) {
        guard stdin >= 0 else { return }
        close(stdin)
        stdin = -1
    }

    func kill(_ signal: Int32) {
        ProcessControl.signalWorkerAndGroup(pid, signal)
    }
}

/// The last few kilobytes a worker wrote on stderr (appended by its stderr thread, read by its reader thread).
private final class StderrTail: Sendable {
    private let bytes = Locked<[UInt8]>([])
    private let limit = 8192

    func append(_ chunk: [UInt8]) {
        bytes.withLock { bytes in
            bytes += chunk
            if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
        }
    }

    var text: String {
        bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }
}

/// Plain reads and writes on file descriptors, retried on EINTR and short writes.
package enum FileDescriptorIO {
    /// Reads until the end, handing each chunk over in one buffer used again for the next (no copy per read).
    ///
    /// `coalescing`: once the stream is past its first `coalescingAfter` bytes (a large run: a small one, and the
    /// start of every run, are read as they come), waits a moment (`coalescingPause`) after a short read before
    /// the next, so that what the writer sends meanwhile comes in one read. A worker writes a few lines at a time;
    /// read as they come, each batch costs a wake-up of this thread, a read, and a hand-over to the supervisor —
    /// more than decoding them.
    static func readChunks(_ fd: Int32, coalescing: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let size = 64 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(fd, buffer, size)
            if count > 0 {
                body(UnsafeBufferPointer(start: buffer, count: count))
                total += count
                if coalescing && count < size / 4 && total > coalescingAfter { usleep(coalescingPause) }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            return
        }
    }

    /// A millisecond: a few hundred lines of a fast worker, and no delay anyone sees.
    static let coalescingPause: useconds_t = 1_000
    /// 4 MiB: what a worker sends for about 1,300 scenarios (prelude and results).
    static let coalescingAfter = 4 * 1024 * 1024

    /// A copy of a descriptor that processes started later do not inherit.
    static func duplicate(_ fd: Int32) -> Int32 { fcntl(fd, F_DUPFD_CLOEXEC, 0) }

    static func readAll(_ fd: Int32, _ body: ([UInt8]) -> Void) {
        readChunks(fd) { body(Array($0)) }
    }

    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }
}

/// The hidden flag that makes this executable a worker of a supervising specrun (not in `--help`: not for people).
package enum WorkerFlag {
    package static let worker = "--worker"
}
