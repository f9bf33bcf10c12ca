import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a worker: this same executable with the worker's arguments. Injected so the supervisor can be tested
/// without processes.
protocol WorkerLauncher {
    /// Runs a worker to its end, handing over its stdout (the NDJSON envelopes) as it comes.
    func run(arguments: [String], onOutput: ([UInt8]) -> Void) async throws -> WorkerResult
}

/// The real thing: a child process whose stdout is a pipe to us and whose stderr we pass through as it comes
/// (keeping its tail, to quote the runtime's fatal-error line).
struct SystemWorkerLauncher: WorkerLauncher {
    var executablePath: String = Self.currentExecutable()

    func run(arguments: [String], onOutput: ([UInt8]) -> Void) async throws -> WorkerResult {
        let interrupts = InterruptForwarder.shared
        if let signal = interrupts.received { return WorkerResult(exit: .signaled(signal)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // The crash is reported in the messages; the runtime's backtracer would only slow it down and print a
        // stack trace of specrun's own frames. Whoever wants it sets SWIFT_BACKTRACE themselves.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        interrupts.worker = process.processIdentifier
        defer { interrupts.worker = nil }
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()

        let tail = StderrTail()
        let errorsDone = DispatchSemaphore(value: 0)
        let errorsFd = errors.fileHandleForReading.fileDescriptor
        Thread.detachNewThread {
            let filter = StackTraceFilter { FileDescriptorIO.writeAll(STDERR_FILENO, $0) }
            FileDescriptorIO.readAll(errorsFd) { chunk in
                filter.append(chunk)
                tail.append(chunk)
            }
            filter.finish()
            errorsDone.signal()
        }
        FileDescriptorIO.readAll(output.fileHandleForReading.fileDescriptor, onOutput)
        process.waitUntilExit()
        // A process the steps started (and left running) may hold the worker's stderr open: do not wait for it.
        _ = errorsDone.wait(timeout: .now() + .milliseconds(500))
        let exit: WorkerExit = process.terminationReason == .uncaughtSignal
            ? .signaled(process.terminationStatus) : .exited(process.terminationStatus)
        return WorkerResult(exit: exit, stderrTail: tail.text)
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

/// Ctrl-C or a SIGTERM must not kill the supervisor before it has written the reports: it passes the signal on
/// to the running worker instead (whose death it then reports as an interruption) and starts no other.
final class InterruptForwarder: @unchecked Sendable {
    static let shared = InterruptForwarder()

    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []
    private var _worker: pid_t?
    private var _received: Int32?

    private init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.forward(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    var worker: pid_t? {
        get { lock.lock(); defer { lock.unlock() }; return _worker }
        set { lock.lock(); defer { lock.unlock() }; _worker = newValue }
    }

    /// The first interrupting signal received, if any.
    var received: Int32? {
        lock.lock(); defer { lock.unlock() }
        return _received
    }

    private func forward(_ signalNumber: Int32) {
        lock.lock()
        if _received == nil { _received = signalNumber }
        let pid = _worker
        lock.unlock()
        if let pid { kill(pid, signalNumber) }
    }

    /// For a worker: the default dispositions back (ignored signals are inherited across exec).
    static func restoreDefaults() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// The last few kilobytes a worker wrote on stderr.
private final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private let limit = 8192

    func append(_ chunk: [UInt8]) {
        lock.lock(); defer { lock.unlock() }
        bytes += chunk
        if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Plain reads and writes on file descriptors, retried on EINTR and short writes.
enum FileDescriptorIO {
    static func readAll(_ fd: Int32, _ body: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { body(Array(buffer[0..<count])); continue }
            if count < 0 && errno == EINTR { continue }
            return
        }
    }

    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    /// For a worker: a private copy of stdout for the envelopes; stdout itself then goes to stderr, so that a
    /// step's `print` cannot corrupt the message stream (and still reaches the terminal).
    static func claimStdoutForMessages() -> Int32 {
        InterruptForwarder.restoreDefaults()
        let messages = dup(STDOUT_FILENO)
        guard messages >= 0 else { return STDOUT_FILENO }
        // Not inherited by processes the steps start: the supervisor must see the end of the stream when we end.
        _ = fcntl(messages, F_SETFD, FD_CLOEXEC)
        fflush(nil)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        return messages
    }
}
