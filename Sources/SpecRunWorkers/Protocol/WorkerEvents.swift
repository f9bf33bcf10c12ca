import Foundation
import Messages

/// What reaches the supervisor, from every worker's reader thread and from the signal handler, in one queue.
enum WorkerEvent: Sendable {
    case envelopes(Int, [Envelope])
    /// A `!P` line: the next `count` steps of the worker's running attempt passed, the last ending at `lastEnd`.
    case passedSteps(Int, count: Int, lastEnd: Timestamp)
    case control(Int, WorkerControl)
    case badLine(Int, String)
    case ended(Int, WorkerResult)
    /// Ctrl-C or SIGTERM of specrun: the signal, and how many came so far (2: the second).
    case interrupted(Int32, Int)
    /// About every 100 ms: the supervisor checks its deadlines (`Supervisor.tick`).
    case tick
    /// The worker is writing a line too long for one read: a sign of life for its deadline.
    case alive(Int)
}

/// The queue of `WorkerEvent`s, as an async sequence for the supervisor's loop. Bounded: at most `limit` batches
/// wait for the supervisor; a reader thread that would add more waits, so it stops reading its pipe and the
/// worker waits on its next write. Without it, workers faster than the reports fill the supervisor's memory
/// with the whole run's decoded envelopes.
package final class WorkerEvents: Sendable {
    let stream: AsyncStream<[WorkerEvent]>
    private let continuation: AsyncStream<[WorkerEvent]>.Continuation
    private let room: DispatchSemaphore

    init(limit: Int = 64) {
        (stream, continuation) = AsyncStream.makeStream(of: [WorkerEvent].self)
        room = DispatchSemaphore(value: limit)
    }

    /// Waits while `limit` batches are queued. Every batch the consumer takes must be answered by `consumed()`.
    func yield(_ events: [WorkerEvent]) {
        guard !events.isEmpty else { return }
        room.wait()
        continuation.yield(events)
    }

    /// Adds the events unless `limit` batches wait already (a tick is not worth waiting for: the next one comes).
    func offer(_ events: [WorkerEvent]) {
        guard room.wait(timeout: .now()) == .success else { return }
        continuation.yield(events)
    }

    /// The consumer has handled a batch: one more may come.
    func consumed() { room.signal() }

    func close() { continuation.finish() }
}

/// Splits a worker's output into lines: control lines, and envelopes decoded in the reader's thread (so several
/// workers' streams are decoded on several cores). A line cut by the end of a chunk waits for the rest; a line
/// cut by a crash is dropped at the end. A worker other than the first has its prelude dropped undecoded (worker
/// 0 sends the same one), except its BeforeAll hook runs.
final class WorkerOutputDecoder {
    private let number: Int
    private var skipping: Bool
    private var pending: [UInt8] = []
    /// The snippet lists of the worker's JSON suggestions, which its compact suggestion lines name by number.
    private var suggestions = CompactEnvelope.SuggestionLists()
    /// The step bindings of the worker's `!B` lines, which its compact test case lines name by number.
    private var bindings = CompactEnvelope.TestCaseBindings()
    /// The id of the attempt the worker started last (its last testCaseStarted, compact or JSON): its `!S`, `!F` and
    /// `!E` lines belong to it.
    private var attempt: String?
    /// Whether envelopes keep the JSON line they came in (`Envelope.json`): only a message report writes them out
    /// again (`WorkerConfiguration.messageReport`); otherwise the copies are the prelude's megabytes twice.
    private let keepsJSON: Bool
    /// The JSON lines' decoder, kept for the whole stream.
    private let json = NDJSON.StreamDecoder()

    /// Whether every `testStepStarted` is passed on. Without a message report no listener reads them (see
    /// `Reports.readsStepStarts`), and the supervisor only needs the start of a step still running (to repair a
    /// crash or a timeout): a start whose finish is the very next line is then dropped undecoded.
    private let keepsStepStarts: Bool

    init(number: Int, skipsPrelude: Bool, keepsJSON: Bool = true, keepsStepStarts: Bool = true) {
        self.number = number
        self.skipping = skipsPrelude
        self.keepsJSON = keepsJSON
        self.keepsStepStarts = keepsStepStarts
    }

    func append(_ chunk: [UInt8]) -> [WorkerEvent] {
        chunk.withUnsafeBufferPointer { append($0) }
    }

    /// The lines of a chunk read from the worker; a line it cuts waits for the next chunk. The chunk is decoded
    /// where it lies: only a cut line is copied, completed on its own (not the whole chunk after it), in storage
    /// kept from one chunk to the next.
    func append(_ chunk: UnsafeBufferPointer<UInt8>) -> [WorkerEvent] {
        guard let lastNewline = Newline.last(in: chunk) else {
            pending += chunk
            return []
        }
        var events: [WorkerEvent] = []
        var start = 0
        if !pending.isEmpty, let firstNewline = Newline.first(in: chunk, from: 0) {
            pending += chunk[...firstNewline]
            events = pending.withUnsafeBufferPointer { decode($0) }
            // (Not the storage of a long line: an attachment can be megabytes.)
            if pending.capacity > 1 << 20 { pending = [] } else { pending.removeAll(keepingCapacity: true) }
            start = firstNewline + 1
        }
        if start <= lastNewline { events += decode(UnsafeBufferPointer(rebasing: chunk[start...lastNewline])) }
        pending.append(contentsOf: chunk[(lastNewline + 1)...])
        return events
    }

    /// The end of the output: a last line without its newline is whole only if it decodes — and never a compact
    /// line, which a cut can leave well-formed but short (`!T` with fewer steps, a number with fewer digits).
    func finish() -> [WorkerEvent] {
        guard !pending.isEmpty, pending.first != CompactEnvelope.marker else { pending = []; return [] }
        var rest = pending
        pending = []
        rest.append(0x0A)
        return rest.withUnsafeBufferPointer { decode($0, quietly: true) }
    }

    private static let keptInPrelude = [
        Array(#"{"testRunHook"#.utf8), Array(#"{"attachment"#.utf8),
        Array(#"{"externalAttachment"#.utf8),
    ]

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, quietly: Bool = false) -> [WorkerEvent] {
        var events: [WorkerEvent] = []
        var batch: [Envelope] = []
        // Room for the chunk's envelopes at once (a compact line is about 100 bytes): an array grown by doubling is
        // a dozen allocations, the large ones each making malloc gather every small block other threads freed.
        batch.reserveCapacity(min(bytes.count / 96 + 1, Self.batchLimit))
        var runStart: Int? = nil
        var start = bytes.startIndex
        func flushRun(upTo end: Int) {
            guard let first = runStart else { return }
            runStart = nil
            decodeRun(bytes[first..<end], into: &batch, events: &events, quietly: quietly)
        }
        while start < bytes.endIndex {
            let end = Newline.first(in: bytes, from: start) ?? bytes.endIndex
            let line = bytes[start..<end]
            defer { start = end + 1 }
            if line.isEmpty { continue }
            if line.first == CompactEnvelope.marker {
                flushRun(upTo: start)
                if skipping { continue }
                let kind = line.count > 1 ? line[line.startIndex + 1] : 0
                if kind == CompactEnvelope.stepStartedKind && !keepsStepStarts
                    && CompactEnvelope.finishFollows(line, in: bytes, at: end)
                {
                    continue
                }
                let decoded: Envelope?
                switch kind {
                case CompactEnvelope.passedStepsKind:
                    guard let passed = CompactEnvelope.decodePassedSteps(UnsafeBufferPointer(rebasing: line)) else {
                        decoded = nil
                        break
                    }
                    if !batch.isEmpty { events.append(.envelopes(number, batch)); batch = [] }
                    events.append(.passedSteps(number, count: passed.count, lastEnd: passed.lastEnd))
                    continue
                case CompactEnvelope.bindingKind:
                    // Learned, not forwarded: later test case lines name it.
                    if bindings.learn(line) { continue }
                    decoded = nil
                case CompactEnvelope.testCaseKind: decoded = bindings.decode(UnsafeBufferPointer(rebasing: line))
                case CompactEnvelope.suggestionKind: decoded = suggestions.decode(UnsafeBufferPointer(rebasing: line))
                default: decoded = CompactEnvelope.decode(UnsafeBufferPointer(rebasing: line), attempt: attempt)
                }
                // (Consumed: bound with `if let`, the envelope was copied out of the optional and the optional
                // destroyed, a retain and a release a line.)
                switch consume decoded {
                case .some(let envelope):
                    add(envelope, to: &batch, events: &events)
                case .none:
                    if !quietly {
                        if !batch.isEmpty { events.append(.envelopes(number, batch)); batch = [] }
                        events.append(.badLine(number, String(decoding: line.prefix(200), as: UTF8.self)))
                    }
                }
                continue
            }
            if WorkerControl.isControl(line) {
                flushRun(upTo: start)
                if let control = WorkerControl(line: line) {
                    if !batch.isEmpty { events.append(.envelopes(number, batch)); batch = [] }
                    events.append(.control(number, control))
                    if case .ready = control { skipping = false }
                }
                continue
            }
            if skipping && !Self.keptInPrelude.contains(where: { line.starts(with: $0) }) {
                flushRun(upTo: start)
                continue
            }
            if runStart == nil { runStart = start }
        }
        flushRun(upTo: bytes.endIndex)
        if !batch.isEmpty { events.append(.envelopes(number, batch)) }
        return events
    }

    /// The most envelopes a batch holds: its array stays under 1,000 bytes. A larger one is a request from glibc's
    /// "large" sizes, which first merges every block in the fast bins, those the envelopes freed a moment before,
    /// so that the next ones made are cut from merged blocks again (`malloc_consolidate`, `unlink_chunk`).
    static let batchLimit = 60

    @inline(__always)
    private func add(_ envelope: consuming Envelope, to batch: inout [Envelope], events: inout [WorkerEvent]) {
        if envelope.kind == .testCaseStarted, let started = envelope.testCaseStarted { attempt = started.id }
        if batch.count == Self.batchLimit {
            events.append(.envelopes(number, batch))
            batch = []
            batch.reserveCapacity(Self.batchLimit)
        }
        batch.append(envelope)
    }

    /// Decodes consecutive envelope lines in one go; a line that is not an envelope is named and skipped.
    private func decodeRun(
        _ run: Slice<UnsafeBufferPointer<UInt8>>, into batch: inout [Envelope], events: inout [WorkerEvent], quietly: Bool
    ) {
        var rest = run
        while !rest.isEmpty {
            do {
                // The lines are the worker's own encoding: a message report writes them out as they are.
                try json.forEachEnvelope(in: UnsafeBufferPointer(rebasing: rest), keepingJSON: keepsJSON) {
                    suggestions.learn($0)
                    add($0, to: &batch, events: &events)
                }
                return
            } catch let error as NDJSON.Error {
                var lineStart = rest.startIndex
                for _ in 1..<max(1, error.line) {
                    guard let newline = rest[lineStart...].firstIndex(of: 0x0A) else { break }
                    lineStart = newline + 1
                }
                let lineEnd = rest[lineStart...].firstIndex(of: 0x0A) ?? rest.endIndex
                if !quietly {
                    if !batch.isEmpty { events.append(.envelopes(number, batch)); batch = [] }
                    events.append(.badLine(number, String(decoding: rest[lineStart..<lineEnd].prefix(200), as: UTF8.self)))
                }
                rest = lineEnd < rest.endIndex ? rest[(lineEnd + 1)...] : rest[rest.endIndex...]
            } catch {
                return
            }
        }
    }
}

/// Newlines found over raw pointers (memchr forward): a worker's line can be a 50 MB attachment, which a byte-by-byte search
/// of a debug build takes seconds over.
enum Newline {
    static func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    static func last(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = bytes.count - 1
        while index >= 0 && base[index] != 0x0A { index -= 1 }
        return index >= 0 ? index : nil
    }
}
