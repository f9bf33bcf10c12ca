import Foundation
import Messages
import SharedState
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
///
/// The run emits from one task at a time; the flushing thread and the watchdog reach only `channel`.
package final class WorkerOutbox {
    static let capacity = 1 << 20
    /// The exit status of a worker whose watchdog ended it (after a `timedOut` control line).
    static let timedOutStatus: Int32 = 124

    /// The buffer and what runs now: shared with the flushing thread and the watchdog.
    private let channel: Locked<Channel>
    /// Wakes the watchdog when a new limit applies (it sleeps until the running step's deadline otherwise).
    private let wake = DispatchSemaphore(value: 0)
    /// The JSON lines.
    private let lines = NDJSONLineWriter()
    #if DEBUG  // exclusivity checked in tests; unchecked in release: read for every step a test case runs (callgrind, docs/PERFORMANCE.md)
    var state = State()
    #else
    @exclusivity(unchecked) var state = State()
    #endif

    /// What the run's task writes and reads (the flushing thread and the watchdog reach only `channel`).
    struct State {
        var scratch: [UInt8] = []
        /// The snippet lists sent so far.
        var suggestions = CompactEnvelope.SuggestionTable()
        /// The step bindings sent so far.
        var testCases = CompactEnvelope.TestCaseTable()
        /// The attempt started last, whose steps' lines do not name it.
        var current = CompactEnvelope.Attempt()
        var sendsStepStarts = true
        var collapsesPassedSteps = false

        // (Two of its parts at once: in a method of its own, not as two accesses to the outbox's `state`.)
        mutating func encode(_ suggestion: Suggestion) -> Bool { suggestions.encode(suggestion, into: &scratch) }
        mutating func encode(_ testCase: TestCase) -> Bool { testCases.encode(testCase, into: &scratch) }
        mutating func encode(_ testCase: PlannedTestCase) -> Bool { testCases.encode(testCase, into: &scratch) }
    }

    /// Whether a step's start is written (only a message report reads it: `WorkerConfiguration.messageReport`).
    /// Set before the run starts.
    package var sendsStepStarts: Bool {
        get { state.sendsStepStarts }
        set { state.sendsStepStarts = newValue }
    }
    /// Whether a passed step's end is counted rather than written: the steps that passed since the last line go as
    /// one `!P` line before the next line or the next write of the buffer, the crash handlers' included
    /// (`WorkerConfiguration.collapsesPassedSteps`). Set before the run starts.
    package var collapsesPassedSteps: Bool {
        get { state.collapsesPassedSteps }
        set { state.collapsesPassedSteps = newValue }
    }

    /// Names the running step for a timeout message ("step 'x' at Features/a.feature:3"); set by the worker.
    var describe: @Sendable (_ testStepId: String, _ isRunHook: Bool) -> String? {
        get { channel.withLock { $0.describe } }
        set { channel.withLock { $0.describe = newValue } }
    }

    package init(fd: Int32) {
        channel = Locked(Channel(fd: fd))
        state.scratch.reserveCapacity(64 * 1024)
        crashOutbox = CrashOutbox(fd: fd, base: .allocate(capacity: Self.capacity), count: 0, owner: getpid())
    }

    package func emit(_ envelope: Envelope) {
        state.scratch.removeAll(keepingCapacity: true)
        if let started = envelope.testCaseStarted { state.current.started(started.id) }
        if let suggestion = envelope.suggestion, state.encode(suggestion) {
            // sent as a short line naming snippets sent before
        } else if let testCase = envelope.testCase, state.encode(testCase) {
            // sent as a short line naming its steps' bindings
        } else if !CompactEnvelope.encode(envelope, attempt: state.current, into: &state.scratch) {
            // (Written from where it is encoded; the encoders above append nothing when they return false.)
            if state.scratch.isEmpty { return lines.withLine(envelope) { append(envelope, $0) } }
            NDJSON.encode(envelope, into: &state.scratch)
            state.scratch.append(0x0A)
        }
        state.scratch.withUnsafeBufferPointer { append(envelope, $0) }
    }

    /// A suggestion: a compact line naming snippets sent before, written straight into the buffer (no envelope
    /// made); otherwise its JSON line.
    package func suggestion(_ suggestion: Suggestion) {
        let idLength = LineWriter.fieldLength(suggestion.id), stepLength = LineWriter.fieldLength(suggestion.pickleStepId)
        let maximum = idLength.flatMap { id in stepLength.flatMap { Self.maximum(id + $0, numbers: 1) } }
        guard let number = state.suggestions.number(of: suggestion.snippets, compact: maximum != nil), let maximum else {
            let envelope = Envelope(suggestion: suggestion)
            return lines.withLine(envelope) { append(envelope, $0) }
        }
        writeLine(maximum: maximum, running: .unchanged) { line in
            CompactEnvelope.writeSuggestion(id: suggestion.id, pickleStepId: suggestion.pickleStepId, number: number, into: &line)
        }
    }

    /// Appends the line of `envelope`, noting the step or hook it starts or ends for the watchdog.
    private func append(_ envelope: Envelope, _ line: UnsafeBufferPointer<UInt8>) {
        channel.withLock { channel in
            if channel.watched { channel.note(envelope) }
            channel.append(line)
        }
    }

    /// A planned test case: as a compact line made from its fields, or (when not compact) its `testCase` envelope.
    package func emit(_ testCase: PlannedTestCase) {
        state.scratch.removeAll(keepingCapacity: true)
        guard state.encode(testCase) else {
            return emit(Envelope(testCase: testCase.message))
        }
        state.scratch.withUnsafeBufferPointer { line in channel.withLock { $0.append(line) } }
    }

    /// What a line written by `writeLine` says of the running step, for the watchdog.
    enum Running {
        case unchanged
        case started(testStepId: String)
        case finished
    }

    /// Writes a line of at most `maximum` bytes (no more than `capacity`) straight into the buffer: the frequent
    /// compact lines, without a `scratch` copy.
    func writeLine(maximum: Int, running: Running, _ write: (inout LineWriter) -> Void) {
        channel.withLock { channel in
            channel.sayPassedSteps()
            switch running {
            case .unchanged: break
            case .started where !channel.watched, .finished where !channel.watched: break
            case .started(let id):
                channel.started(id, isHook: false)
            case .finished:
                channel.runningSince = nil
            }
            if crashOutbox.count + maximum > Self.capacity { channel.flush() }
            var writer = LineWriter(start: crashOutbox.base! + crashOutbox.count)
            write(&writer)
            crashOutbox.count += writer.count
        }
    }

    /// A step of the running attempt passed at `timestamp`: counted, its line not written (`collapsesPassedSteps`).
    func countPassedStep(endingAt timestamp: Timestamp) {
        channel.withLock { channel in
            if channel.watched { channel.runningSince = nil }
            crashOutbox.passedSteps.count += 1
            crashOutbox.passedSteps.lastEnd = timestamp
        }
    }

    /// The watchdog's note of a step that starts, its line not written (`sendsStepStarts`).
    func noteStarted(_ testStepId: String) {
        channel.withLock { channel in
            if channel.watched { channel.started(testStepId, isHook: false) }
        }
    }

    func control(_ control: WorkerControl) {
        let line = control.line
        line.withUnsafeBufferPointer { line in channel.withLock { $0.append(line) } }
    }

    func flush() {
        channel.withLock { $0.flush() }
    }

    /// What the emitting task, the flushing thread and the watchdog share, besides the buffer itself: that is
    /// `crashOutbox` (where the fatal-signal handler finds it), written only under the same lock.
    private struct Channel {
        let fd: Int32
        /// When the running step or hook started (coarse uptime), nil between them.
        var runningSince: UInt64?
        /// Whether a watchdog reads `runningSince` (set when it starts): without one, a step's start is not timed.
        var watched = false
        var runningStep: (id: String, isHook: Bool)?
        /// The run's `--timeout` in seconds and nanoseconds (0: none), and the scoped limit of the steps starting
        /// now (nil: that one).
        var defaultSeconds: Double = 0
        var defaultLimit: UInt64 = 0
        var scopedLimit: StepLimit?
        var describe: @Sendable (_ testStepId: String, _ isRunHook: Bool) -> String? = { _, _ in nil }

        init(fd: Int32) {
            self.fd = fd
        }

        /// A step or hook starts now: what the watchdog times and names.
        mutating func started(_ id: String, isHook: Bool) {
            runningSince = WorkerOutbox.uptime()
            runningStep = (id, isHook)
        }

        /// The step or hook `envelope` starts or ends.
        mutating func note(_ envelope: Envelope) {
            if let started = envelope.testStepStarted {
                self.started(started.testStepId, isHook: false)
            } else if let started = envelope.testRunHookStarted {
                self.started(started.hookId, isHook: true)
            } else if envelope.testStepFinished != nil || envelope.testRunHookFinished != nil {
                runningSince = nil
            }
        }

        mutating func append(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { append($0) }
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            sayPassedSteps()
            if crashOutbox.count + bytes.count > WorkerOutbox.capacity { flush() }
            if bytes.count > WorkerOutbox.capacity {
                if getpid() != crashOutbox.owner { WorkerChannels.endForkedCopy() }
                if !FileDescriptorIO.writeAll(fd, bytes) { channelBroke() }
                return
            }
            guard let start = bytes.baseAddress else { return }
            (crashOutbox.base! + crashOutbox.count).update(from: start, count: bytes.count)
            crashOutbox.count += bytes.count
        }

        mutating func flush() {
            sayPassedSteps()
            writeBuffer()
        }

        /// The passed steps counted since the last line, as their `!P` line (the buffer written first when it has no
        /// room for it).
        mutating func sayPassedSteps() {
            guard crashOutbox.passedSteps.count > 0 else { return }
            if crashOutbox.count + CrashOutbox.passedStepsMaximum > WorkerOutbox.capacity { writeBuffer() }
            CrashOutbox.appendPassedSteps()
        }

        private mutating func writeBuffer() {
            guard crashOutbox.count > 0 else { return }
            // One writer per channel: a copy of the worker a step forked never writes the worker's messages.
            if getpid() != crashOutbox.owner { WorkerChannels.endForkedCopy() }
            if !CrashOutbox.writeBuffer() { channelBroke() }
        }

        /// A write on the message channel failed: a step closed it (or the supervisor is gone). Nothing more can
        /// reach the supervisor: the worker ends, saying why on stderr.
        private func channelBroke() -> Never {
            let number = errno
            crashOutbox.fd = -1
            WorkerChannels.broken("message", fd: fd, errorNumber: number)
        }
    }

    /// The longest a line waits in the buffer: a thread writes what is buffered at least this often, so the
    /// supervisor sees a step's start while it runs (its deadline, the stream on disk), not only at the test case's
    /// end. (At most 20 writes a second more; a busy worker fills the buffer faster anyway.)
    static let flushInterval: useconds_t = 50_000

    /// Starts the thread that writes the buffer every `flushInterval`.
    func startFlushing() {
        Thread.detachNewThread { [weak channel] in
            WorkOrigin.forgetOrigin()
            while true {
                usleep(Self.flushInterval)
                guard let channel else { return }
                channel.withLock { $0.flush() }
            }
        }
    }

    /// Fails the run of a step or hook that runs past `seconds`: writes what is buffered and a `timedOut` line,
    /// then ends the process (a busy loop cannot be stopped any other way). The supervisor reports the step
    /// FAILED and starts another worker. The thread starts only when a limit applies: here with `--timeout`, or
    /// at the first scoped limit (`limit(_:)`: a `@timeout:` tag, a step definition's `timeout:`). Without one
    /// nothing is timed (a step's start is not stamped); the supervisor's deadlines follow the same limits.
    func startWatchdog(seconds: Double) {
        let start = channel.withLock { channel in
            channel.defaultSeconds = seconds
            channel.defaultLimit = seconds > 0 ? Supervisor.nanoseconds(seconds) : 0
            let start = seconds > 0 && !channel.watched
            if start { channel.watched = true }
            return start
        }
        if start { runWatchdog() }
    }

    /// Whether the watchdog thread runs (for tests).
    var isWatching: Bool {
        channel.withLock { $0.watched }
    }

    private func runWatchdog() {
        // (Weak, as the flushing thread: an outbox no one holds — a test's — is freed and its threads end.)
        Thread.detachNewThread { [weak channel, wake] in
            // (Started at the first scoped limit, maybe in a test case: still no work of that test case.)
            WorkOrigin.forgetOrigin()
            var pause: UInt64 = 10_000_000
            while true {
                let due = Self.uptime() &+ pause
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(pause)))
                guard let channel else { return }
                pause = channel.withLock { channel in
                    channel.runningSince = Self.discountingStall(channel.runningSince, due: due, now: Self.uptime())
                    let seconds = channel.scopedLimit?.seconds ?? channel.defaultSeconds
                    let limit = channel.scopedLimit.map { Supervisor.nanoseconds($0.seconds) } ?? channel.defaultLimit
                    let elapsed = channel.runningSince.map { Self.uptime() &- $0 }
                    if limit > 0, let elapsed, elapsed > limit {
                        let step = channel.runningStep.flatMap { channel.describe($0.id, $0.isHook) }
                        // Tasks an earlier test case left running on the pool may have kept the step from running.
                        if let origin = WorkOrigin.busyOrigins().first {
                            channel.append(WorkerControl.startedBy(testCase: origin).line)
                        }
                        channel.append(WorkerControl.timedOut(seconds: seconds, step: step, source: channel.scopedLimit?.source).line)
                        channel.flush()
                        ProcessControl.endOwnDescendants()
                        _exit(Self.timedOutStatus)
                    }
                    return Self.pause(limit: limit, elapsed: elapsed)
                }
            }
        }
    }

    /// When the running step started, as the watchdog counts it: a wake-up more than `Supervisor.stallNanoseconds`
    /// past its due time means this process was stopped (the run's Ctrl-Z stops its workers) or could not run, and
    /// that time — from the due time, or from the step's start if it started later — was not the step's: its start
    /// moves by as much, as the supervisor's deadlines do. (A step that started once the process went on, before
    /// the watchdog ran, loses the few milliseconds it ran.)
    static func discountingStall(_ runningSince: UInt64?, due: UInt64, now: UInt64) -> UInt64? {
        guard let runningSince, now > due, now - due > Supervisor.stallNanoseconds else { return runningSince }
        let stalledFrom = max(due, runningSince)
        guard now > stalledFrom else { return runningSince }
        return runningSince + (now - stalledFrom)
    }

    /// How long the watchdog sleeps: until the running step's deadline (and a clock tick past it), else a tenth of
    /// the limit, between 10 and 200 ms — a step that starts meanwhile is seen within a tenth of its limit, then
    /// its deadline is what the watchdog waits for. A new limit wakes it at once (`limit(_:)`), so no limit waits
    /// for a pause chosen for an older, longer one.
    static func pause(limit: UInt64, elapsed: UInt64?) -> UInt64 {
        guard limit > 0 else { return 200_000_000 }
        let tenth = max(10_000_000, min(200_000_000, limit / 10))
        guard let elapsed else { return tenth }
        return min(tenth, limit - min(elapsed, limit) + 1_000_000)
    }

    /// A scoped limit for the steps and hooks that start from now on (see `MessageSink.limit`): the watchdog
    /// uses it, and a control line tells the supervisor, whose deadline follows.
    package func limit(_ limit: StepLimit?) -> Bool {
        let start = channel.withLock { channel in
            channel.scopedLimit = limit
            channel.append(WorkerControl.limit(seconds: limit?.seconds, source: limit?.source).line)
            let start = (limit?.seconds ?? 0) > 0 && !channel.watched
            if start { channel.watched = true }
            return start
        }
        if start { runWatchdog() } else if (limit?.seconds ?? 0) > 0 { wake.signal() }
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
}
