import Foundation
import Messages
import SpecRunCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A worker's message channel: envelopes are encoded into one fixed buffer and written when a test case ends
/// (or the buffer fills), not at every step — one write per scenario instead of four per step. What a crash would
/// lose is written by a fatal-signal handler and an `atexit` handler (a step calling `exit`), so the supervisor
/// still learns exactly which step was running; a watchdog thread fails a step that runs past the timeout.
package final class WorkerOutbox: @unchecked Sendable {
    static let capacity = 1 << 20
    /// The exit status of a worker whose watchdog ended it (after a `timedOut` control line).
    static let timedOutStatus: Int32 = 124

    private let fd: Int32
    private let lock = NSLock()
    private let base: UnsafeMutablePointer<UInt8>
    private var scratch: [UInt8] = []
    /// The JSON lines (emit is called from one task at a time).
    private let lines = NDJSONLineWriter()
    /// The snippet lists sent so far (emit is called from one task at a time).
    private var suggestions = CompactEnvelope.SuggestionTable()
    /// The step bindings sent so far.
    private var testCases = CompactEnvelope.TestCaseTable()
    /// The attempt started last, whose steps' lines do not name it (emit is called from one task at a time).
    var current = CompactEnvelope.Attempt()
    private var runningSince: UInt64?
    /// Whether a watchdog reads `runningSince` (set when it starts): without one, a step's start is not timed.
    private var watched = false
    private var runningStep: (id: String, isHook: Bool)?
    /// The run's `--timeout` in seconds and nanoseconds (0: none), and the scoped limit of the steps starting now
    /// (nil: that one).
    private var defaultSeconds: Double = 0
    private var defaultLimit: UInt64 = 0
    private var scopedLimit: StepLimit?
    /// Names the running step for a timeout message ("step 'x' at Features/a.feature:3"); set by the worker.
    /// (Read by the watchdog thread: kept under the lock.)
    var describe: @Sendable (_ testStepId: String, _ isRunHook: Bool) -> String? {
        get { lock.lock(); defer { lock.unlock() }; return describer }
        set { lock.lock(); describer = newValue; lock.unlock() }
    }
    private var describer: @Sendable (_ testStepId: String, _ isRunHook: Bool) -> String? = { _, _ in nil }

    package init(fd: Int32) {
        self.fd = fd
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.capacity)
        scratch.reserveCapacity(64 * 1024)
        crashOutboxFd = fd
        crashOutboxBase = base
        crashOutboxCount = 0
        crashOutboxOwner = getpid()
    }

    package func emit(_ envelope: Envelope) {
        scratch.removeAll(keepingCapacity: true)
        if let started = envelope.testCaseStarted { current.started(started.id) }
        if let suggestion = envelope.suggestion, suggestions.encode(suggestion, into: &scratch) {
            // sent as a short line naming snippets sent before
        } else if let testCase = envelope.testCase, testCases.encode(testCase, into: &scratch) {
            // sent as a short line naming its steps' bindings
        } else if !CompactEnvelope.encode(envelope, attempt: current, into: &scratch) {
            // (Written from where it is encoded; the encoders above append nothing when they return false.)
            if scratch.isEmpty { return lines.withLine(envelope) { append(envelope, $0) } }
            NDJSON.encode(envelope, into: &scratch)
            scratch.append(0x0A)
        }
        scratch.withUnsafeBufferPointer { append(envelope, $0) }
    }

    /// A suggestion: a compact line naming snippets sent before, written straight into the buffer (no envelope
    /// made); otherwise its JSON line.
    package func suggestion(_ suggestion: Suggestion) {
        let idLength = LineWriter.fieldLength(suggestion.id), stepLength = LineWriter.fieldLength(suggestion.pickleStepId)
        let maximum = idLength.flatMap { id in stepLength.flatMap { Self.maximum(id + $0, numbers: 1) } }
        guard let number = suggestions.number(of: suggestion.snippets, compact: maximum != nil), let maximum else {
            let envelope = Envelope(suggestion: suggestion)
            return lines.withLine(envelope) { append(envelope, $0) }
        }
        writeLine(maximum: maximum, running: .unchanged) { line in
            CompactEnvelope.writeSuggestion(id: suggestion.id, pickleStepId: suggestion.pickleStepId, number: number, into: &line)
        }
    }

    /// Appends the line of `envelope`, noting the step or hook it starts or ends for the watchdog.
    private func append(_ envelope: Envelope, _ line: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        if !watched {
            // (No watchdog: nothing reads what is running.)
        } else if let started = envelope.testStepStarted {
            runningSince = Self.uptime()
            runningStep = (started.testStepId, false)
        } else if let started = envelope.testRunHookStarted {
            runningSince = Self.uptime()
            runningStep = (started.hookId, true)
        } else if envelope.testStepFinished != nil || envelope.testRunHookFinished != nil {
            runningSince = nil
        }
        appendLocked(line)
        lock.unlock()
    }

    /// A planned test case: as a compact line made from its fields, or (when not compact) its `testCase` envelope.
    package func emit(_ testCase: PlannedTestCase) {
        scratch.removeAll(keepingCapacity: true)
        guard testCases.encode(testCase, into: &scratch) else {
            return emit(Envelope(testCase: testCase.message))
        }
        lock.lock()
        appendLocked(scratch)
        lock.unlock()
    }

    /// What a line written by `writeLine` says of the running step, for the watchdog.
    enum Running {
        case unchanged
        case started(testStepId: String)
        case finished
    }

    /// Writes a line of at most `maximum` bytes (no more than `capacity`) straight into the buffer: the frequent
    /// compact lines, without a scratch copy.
    func writeLine(maximum: Int, running: Running, _ write: (inout LineWriter) -> Void) {
        lock.lock()
        switch running {
        case .unchanged: break
        case .started where !watched, .finished where !watched: break
        case .started(let id):
            runningSince = Self.uptime()
            runningStep = (id, false)
        case .finished:
            runningSince = nil
        }
        if crashOutboxCount + maximum > Self.capacity { flushLocked() }
        var writer = LineWriter(start: base + crashOutboxCount)
        write(&writer)
        crashOutboxCount += writer.count
        lock.unlock()
    }

    func control(_ control: WorkerControl) {
        lock.lock()
        appendLocked(control.line)
        lock.unlock()
    }

    func flush() {
        lock.lock()
        flushLocked()
        lock.unlock()
    }

    private func appendLocked(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { appendLocked($0) }
    }

    private func appendLocked(_ bytes: UnsafeBufferPointer<UInt8>) {
        if crashOutboxCount + bytes.count > Self.capacity { flushLocked() }
        if bytes.count > Self.capacity {
            if !FileDescriptorIO.writeAll(fd, bytes) { channelBroke() }
            return
        }
        guard let start = bytes.baseAddress else { return }
        (base + crashOutboxCount).update(from: start, count: bytes.count)
        crashOutboxCount += bytes.count
    }

    private func flushLocked() {
        guard crashOutboxCount > 0 else { return }
        if !FileDescriptorIO.writeAll(fd, UnsafeBufferPointer(start: base, count: crashOutboxCount)) { channelBroke() }
        crashOutboxCount = 0
    }

    /// A write on the message channel failed: a step closed it (or the supervisor is gone). Nothing more can reach
    /// the supervisor: the worker ends, saying why on stderr.
    private func channelBroke() {
        let number = errno
        crashOutboxFd = -1
        WorkerChannels.broken("message", fd: fd, errorNumber: number)
    }

    /// The longest a line waits in the buffer: a thread writes what is buffered at least this often, so the
    /// supervisor sees a step's start while it runs (its deadline, the stream on disk), not only at the test case's
    /// end. (At most 20 writes a second more; a busy worker fills the buffer faster anyway.)
    static let flushInterval: useconds_t = 50_000

    /// Starts the thread that writes the buffer every `flushInterval`.
    func startFlushing() {
        Thread.detachNewThread { [weak self] in
            while true {
                usleep(Self.flushInterval)
                guard let self else { return }
                lock.lock()
                flushLocked()
                lock.unlock()
            }
        }
    }

    /// Fails the run of a step or hook that runs past `seconds`: writes what is buffered and a `timedOut` line,
    /// then ends the process (a busy loop cannot be stopped any other way). The supervisor reports the step
    /// FAILED and starts another worker. The thread starts only when a limit applies: here with `--timeout`, or
    /// at the first scoped limit (`limit(_:)`: a `@timeout:` tag, a step definition's `timeout:`). Without one
    /// nothing is timed (a step's start is not stamped); the supervisor's deadlines follow the same limits.
    func startWatchdog(seconds: Double) {
        lock.lock()
        defaultSeconds = seconds
        defaultLimit = seconds > 0 ? Supervisor.nanoseconds(seconds) : 0
        let start = seconds > 0 && !watched
        if start { watched = true }
        lock.unlock()
        if start { runWatchdog() }
    }

    /// Whether the watchdog thread runs (for tests).
    var isWatching: Bool {
        lock.lock(); defer { lock.unlock() }
        return watched
    }

    private func runWatchdog() {
        // (Weak, as the flushing thread: an outbox no one holds — a test's — is freed and its threads end.)
        Thread.detachNewThread { [weak self] in
            var tick: useconds_t = 10_000
            while true {
                usleep(tick)
                guard let self else { return }
                lock.lock()
                let seconds = scopedLimit?.seconds ?? defaultSeconds
                let limit = scopedLimit.map { Supervisor.nanoseconds($0.seconds) } ?? defaultLimit
                tick = Self.tick(seconds)
                if limit > 0, let since = runningSince, Self.uptime() &- since > limit {
                    let step = runningStep.flatMap { describer($0.id, $0.isHook) }
                    appendLocked(WorkerControl.timedOut(seconds: seconds, step: step, source: scopedLimit?.source).line)
                    flushLocked()
                    ProcessControl.endOwnDescendants()
                    _exit(Self.timedOutStatus)
                }
                lock.unlock()
            }
        }
    }

    /// How often the watchdog looks: a tenth of the limit, between 10 and 200 ms.
    private static func tick(_ seconds: Double) -> useconds_t {
        seconds > 0 ? max(useconds_t(10_000), min(useconds_t(200_000), useconds_t(min(seconds, 10) * 100_000))) : 200_000
    }

    /// A scoped limit for the steps and hooks that start from now on (see `MessageSink.limit`): the watchdog
    /// uses it, and a control line tells the supervisor, whose deadline follows.
    package func limit(_ limit: StepLimit?) -> Bool {
        lock.lock()
        scopedLimit = limit
        appendLocked(WorkerControl.limit(seconds: limit?.seconds, source: limit?.source).line)
        let start = (limit?.seconds ?? 0) > 0 && !watched
        if start { watched = true }
        lock.unlock()
        if start { runWatchdog() }
        return true
    }

    /// Nanoseconds of a monotonic clock, for the watchdog: the coarse one (to the kernel's tick, a few ms at
    /// most), read from memory without the precise clock's counter read — a step's start is stamped at every step.
    static func uptime() -> UInt64 {
        var time = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC, &time)
        #endif
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// On a fatal signal (a Swift trap, a memory error, an abort) and at `exit`, write what is buffered.
    package static func installCrashFlush() {
        var stack = stack_t()
        let size = 256 * 1024
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        for signalNumber in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = crashFlushHandler
            #else
            action.__sigaction_u.__sa_handler = crashFlushHandler
            #endif
            action.sa_flags = Int32(bitPattern: UInt32(SA_ONSTACK) | UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
        // (At exit, normal or a step's `exit`: what the worker's steps left running ends with it.)
        atexit { crashFlushWrite(); ProcessControl.endOwnDescendants() }
    }
}

// Plain globals, read by the signal handler (no locks, no allocation, only write(2)).
nonisolated(unsafe) private var crashOutboxFd: Int32 = -1
nonisolated(unsafe) private var crashOutboxBase: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) private var crashOutboxCount: Int = 0
/// The worker's pid: a child a step forked (without exec) that calls `exit` or crashes has a copy of the buffer,
/// already the worker's to write — written again, it would repeat envelopes on the channel.
nonisolated(unsafe) private var crashOutboxOwner: pid_t = 0

private func crashFlushWrite() {
    guard let base = crashOutboxBase, crashOutboxFd >= 0, getpid() == crashOutboxOwner else { return }
    var offset = 0
    while offset < crashOutboxCount {
        let written = write(crashOutboxFd, base + offset, crashOutboxCount - offset)
        if written <= 0 { break }
        offset += written
    }
    crashOutboxCount = 0
}

/// Writes the buffer, then raises the signal again: the handler was reset (`SA_RESETHAND`) and the signal is not
/// blocked (`SA_NODEFER`), so the process ends at once with the original signal, which the supervisor reports.
/// Returning instead relied on the faulting instruction running again: a signal that was *sent* (`raise(SIGBUS)`,
/// `kill(getpid(), SIGSEGV)`, a library's `pthread_kill`, a `raise(SIGABRT)` that is not `abort`) was swallowed, and
/// the step went on and passed (found by a hostile sweep).
private let crashFlushHandler: @convention(c) (Int32) -> Void = { signalNumber in
    crashFlushWrite()
    raise(signalNumber)
}
