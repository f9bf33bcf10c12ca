import Foundation
import Messages

/// The worker → supervisor wire form of the four envelopes a run sends most — testCaseStarted, testStepStarted,
/// testStepFinished (without message or exception) and testCaseFinished — as one short line each, instead of
/// their JSON: about 50 bytes instead of 200–300, written and read without a JSON coder. Every other envelope
/// (and any of these four that does not fit, e.g. a result with a message) stays an NDJSON line. Private to one
/// specrun executable: the supervisor turns each line back into the very same envelope, so listeners and saved
/// streams see ordinary Cucumber Messages.
///
///     !C <id> <testCaseId> <attempt> <sec> <nanos>
///     !S <testStepId> <sec> <nanos>
///     !F <testStepId> <status> <durationSec> <durationNanos> <sec> <nanos>
///     !E <willBeRetried 0|1> <sec> <nanos>
///     !P <count> <sec> <nanos>
///
/// `!P` is no envelope: in a run whose reports read nothing of a passed step but that it passed
/// (`WorkerConfiguration.collapsesPassedSteps`), it stands for the `!F` lines of the steps of the current attempt
/// that passed since the worker's last line — the next `count` steps of the plan, the last ending at `<sec> <nanos>`
/// — written before the next line or the next write of the buffer (a crash's included). The supervisor makes the
/// `testStepFinished` of the last of them from its plan, and the run's index takes those before it as passed
/// (`Supervisor.passedSteps`, `RunIndex.stepsUnsaid`).
///
/// A worker runs one attempt at a time: `!S`, `!F` and `!E` belong to the attempt it started last (its last
/// testCaseStarted, a `!C` line or JSON), which they do not name (`CompactEnvelope.Attempt`). The supervisor
/// rebuilds their `testCaseStartedId` with the string it made for that attempt, not one more string a line.
///
/// Suggestions and test cases have forms of their own (`!U`, `!B` and `!T`: CompactEnvelope+Suggestions.swift and
/// CompactEnvelope+TestCases.swift).
enum CompactEnvelope {
    static let marker: UInt8 = 0x21  // "!": no JSON line and no control line starts with it
    /// The kind byte after the marker of each of the four lines.
    static let stepStartedKind = UInt8(ascii: "S")
    static let stepFinishedKind = UInt8(ascii: "F")
    static let caseStartedKind = UInt8(ascii: "C")
    static let caseFinishedKind = UInt8(ascii: "E")
    /// The kind byte of `!P`, the passed steps of an attempt (no envelope of its own).
    static let passedStepsKind = UInt8(ascii: "P")

    /// Appends the line (with its newline) and returns true, or appends nothing and returns false. A step's and an
    /// attempt's end go compact only for `attempt`, the attempt the worker started last. The lines' layouts are
    /// written once (CompactEnvelope+Lines.swift), for this and for the worker's outbox.
    static func encode(_ envelope: Envelope, attempt: Attempt, into out: inout [UInt8]) -> Bool {
        if let started = envelope.testStepStarted {
            guard attempt.isCurrent(started.testCaseStartedId), fits(started.testStepId) else { return false }
            writeStepStarted(testStepId: started.testStepId, timestamp: started.timestamp, into: &out)
            return true
        }
        if let finished = envelope.testStepFinished {
            let result = finished.testStepResult
            guard result.message == nil, result.exception == nil,
                attempt.isCurrent(finished.testCaseStartedId), fits(finished.testStepId)
            else { return false }
            writeStepFinished(
                testStepId: finished.testStepId, status: result.status, duration: result.duration,
                timestamp: finished.timestamp, into: &out)
            return true
        }
        if let started = envelope.testCaseStarted {
            guard started.workerId == nil, fits(started.id), fits(started.testCaseId) else { return false }
            writeCaseStarted(
                id: started.id, testCaseId: started.testCaseId, attempt: started.attempt,
                timestamp: started.timestamp, into: &out)
            return true
        }
        if let finished = envelope.testCaseFinished {
            guard attempt.isCurrent(finished.testCaseStartedId) else { return false }
            writeCaseFinished(willBeRetried: finished.willBeRetried, timestamp: finished.timestamp, into: &out)
            return true
        }
        return false
    }

    /// The envelope of a compact line (without its newline); nil when the line is not a well-formed one. `attempt`:
    /// the id of the attempt the worker started last (nil before its first), which `!S`, `!F` and `!E` belong to.
    static func decode<C: Collection>(_ line: C, attempt: String?) -> Envelope? where C.Element == UInt8 {
        Array(line).withUnsafeBufferPointer { decode($0, attempt: attempt) }
    }

    /// The same over the line's bytes where they lie.
    static func decode(_ line: UnsafeBufferPointer<UInt8>, attempt: String?) -> Envelope? {
        var reader = FieldReader(line)
        guard reader.byte() == marker, let kind = reader.byte(), reader.byte() == 0x20 else { return nil }
        switch kind {
        case stepStartedKind:
            guard let attempt, let stepId = reader.text(), let time = reader.timestamp(), reader.atEnd else { return nil }
            return Envelope(testStepStarted: TestStepStarted(testCaseStartedId: attempt, testStepId: stepId, timestamp: time))
        case stepFinishedKind:
            guard let attempt, let stepId = reader.text(), let code = reader.number(),
                let status = status(code), let durationSeconds = reader.number(), let durationNanos = reader.number(),
                let time = reader.timestamp(), reader.atEnd
            else { return nil }
            let result = TestStepResult(duration: Duration(seconds: durationSeconds, nanos: durationNanos), status: status)
            return Envelope(
                testStepFinished: TestStepFinished(
                    testCaseStartedId: attempt, testStepId: stepId,
                    testStepResult: result, timestamp: time))
        case caseStartedKind:
            guard let id = reader.text(), let caseId = reader.text(), let attempt = reader.number(),
                let time = reader.timestamp(), reader.atEnd
            else { return nil }
            return Envelope(testCaseStarted: TestCaseStarted(attempt: attempt, id: id, testCaseId: caseId, timestamp: time))
        case caseFinishedKind:
            guard let attempt, let retried = reader.number(), retried >= 0, retried <= 1,
                let time = reader.timestamp(), reader.atEnd
            else { return nil }
            return Envelope(
                testCaseFinished: TestCaseFinished(
                    testCaseStartedId: attempt, timestamp: time,
                    willBeRetried: retried == 1))
        default:
            return nil
        }
    }

    /// The count and the last end of a `!P` line; nil when it is not one (or not whole).
    static func decodePassedSteps(_ line: UnsafeBufferPointer<UInt8>) -> (count: Int, lastEnd: Timestamp)? {
        var reader = FieldReader(line)
        guard reader.byte() == marker, reader.byte() == passedStepsKind, reader.byte() == 0x20,
            let count = reader.number(), count > 0, let time = reader.timestamp(), reader.atEnd
        else { return nil }
        return (count, time)
    }

    /// The attempt a worker started last, which its `!S`, `!F` and `!E` lines belong to. The worker's outbox notes it
    /// as it sends a testCaseStarted (compact or JSON), and writes a step's line compact only when the step is of
    /// that attempt — byte for byte, so that the supervisor, which notes the same attempt as it reads, rebuilds the
    /// very id the worker had (a canonically equivalent spelling is another id).
    struct Attempt {
        private(set) var id: String?
        private var bytes: [UInt8] = []

        mutating func started(_ id: String) {
            self.id = id
            bytes = Array(id.utf8)
        }

        /// Whether `id` has the bytes of the attempt started last.
        func isCurrent(_ id: String) -> Bool {
            guard self.id != nil else { return false }
            if let same = id.utf8.withContiguousStorageIfAvailable({ utf8 in
                utf8.count == bytes.count
                    && (utf8.isEmpty || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, utf8.baseAddress!, utf8.count) == 0 })
            }) {
                return same
            }
            return id.utf8.elementsEqual(bytes)
        }
    }

    // MARK: Writing

    /// Whether a text can be a field: not empty, no space, newline or control byte.
    static func fits(_ text: String) -> Bool {
        if let fits = text.utf8.withContiguousStorageIfAvailable({ bytes in !bytes.isEmpty && !hasSpaceOrControl(bytes) }) {
            return fits
        }
        var text = text
        return text.withUTF8 { bytes in !bytes.isEmpty && !hasSpaceOrControl(bytes) }
    }

    /// Whether a byte is a space or a control character (at most 0x20): eight bytes at a time, the last eight
    /// overlapping the ones before (every id of every test case line is asked: byte by byte it was half of
    /// `field(ifFits:)`'s cost, callgrind). A word has such a byte exactly when `(word - 0x21…) & ~word & 0x80…` is
    /// not zero: a byte of 0x21 or more borrows nothing, and one of 0x80 or more has its top bit cleared by `~word`.
    @inline(__always)
    static func hasSpaceOrControl(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 8, let base = bytes.baseAddress else { return bytes.contains { $0 <= 0x20 } }
        let raw = UnsafeRawPointer(base)
        @inline(__always) func has(_ word: UInt64) -> Bool {
            (word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080 != 0
        }
        var offset = 0
        while offset + 8 <= count {
            if has(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        return offset < count && has(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// The marker, the line's kind and a space.
    static func head(_ kind: UInt8, into out: inout [UInt8]) {
        out.append(marker); out.append(kind); out.append(0x20)
    }

    static func field(_ text: String, _ out: inout [UInt8]) {
        out.append(contentsOf: text.utf8); out.append(0x20)
    }

    /// `field` when the text `fits`, and true; appends nothing and returns false otherwise. One pass over the bytes,
    /// copied at once.
    static func field(ifFits text: String, _ out: inout [UInt8]) -> Bool {
        let appended = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.isEmpty, !hasSpaceOrControl(bytes) else { return false }
            out.append(contentsOf: bytes); out.append(0x20)
            return true
        }
        if let appended { return appended }
        guard fits(text) else { return false }
        field(text, &out)
        return true
    }

    static func field(_ value: Int, _ out: inout [UInt8]) {
        digits(value, &out); out.append(0x20)
    }

    /// The line's last field, with its newline.
    static func last(_ value: Int, _ out: inout [UInt8]) {
        digits(value, &out); out.append(0x0A)
    }

    private static func digits(_ value: Int, _ out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude == 0 { out.append(UInt8(ascii: "0")); return }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            while magnitude > 0 {
                raw[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            // As a typed buffer: appended with one copy, not byte by byte through a generic slice.
            out.append(
                contentsOf: UnsafeBufferPointer(
                    start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self) + (24 - count),
                    count: count))
        }
    }

    // MARK: Statuses

    private static let statuses: [TestStepResultStatus] = [.unknown, .passed, .skipped, .pending, .undefined, .ambiguous, .failed]

    static func statusCode(_ status: TestStepResultStatus) -> Int {
        statuses.firstIndex(of: status) ?? 0
    }

    private static func status(_ code: Int) -> TestStepResultStatus? {
        code >= 0 && code < statuses.count ? statuses[code] : nil
    }
}

/// Reads the space-separated fields of a compact line, over the bytes where they lie (a slice of the chunk read:
/// indexing a `Slice` checks its bounds at every byte).
struct FieldReader {
    let line: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ line: UnsafeBufferPointer<UInt8>) {
        self.line = line
    }

    var atEnd: Bool { position >= line.count }

    mutating func byte() -> UInt8? {
        guard position < line.count else { return nil }
        defer { position &+= 1 }
        return line[position]
    }

    /// The next field's bytes (not empty), and past the space after it.
    mutating func bytes() -> UnsafeBufferPointer<UInt8>? {
        let start = position
        let end = line.count
        while position < end && line[position] != 0x20 { position &+= 1 }
        guard position > start, let base = line.baseAddress else { return nil }
        let field = UnsafeBufferPointer(start: base + start, count: position &- start)
        if position < end { position &+= 1 }
        return field
    }

    mutating func text() -> String? {
        bytes().map(Self.string)
    }

    /// The string of a field's bytes, ill-formed UTF-8 repaired as `String(decoding:as:)` repairs it. A field of up
    /// to 15 bytes (an id) is made with `String(unsafeUninitializedCapacity:initializingUTF8With:)`, which builds a
    /// string that short in place: about 100 instructions less than `String(decoding:as:)` for a 15-byte ASCII id
    /// (callgrind, 207 against 313, Swift 6.3), and the supervisor makes one or two for each line a worker sends.
    /// Longer fields, where that initializer is the slower one, are decoded. Both are the standard library's
    /// public initializers with the same result for any bytes (`FieldReaderTests`): only the speed differs.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    /// The next field as a decimal integer (an optional `-` and digits), and past the space after it. One pass:
    /// the digits are read as the field's end is looked for.
    mutating func number() -> Int? {
        let end = line.count
        let start = position
        var position = start
        guard position < end else { return nil }
        let negative = line[position] == UInt8(ascii: "-")
        if negative { position &+= 1 }
        let digitsStart = position
        var value = 0
        while position < end {
            let byte = line[position]
            if byte == 0x20 { break }
            let digit = byte &- 0x30
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ Int(digit)
            position &+= 1
        }
        let digits = position &- digitsStart
        guard digits > 0 else { return nil }
        self.position = position < end ? position &+ 1 : position
        // Up to 18 digits cannot overflow: only longer fields are read again, with the checks — towards the sign's
        // side, so that `Int.min` (whose magnitude no `Int` holds) reads back as written.
        if digits > 18 {
            value = 0
            for index in digitsStart..<position {
                let digit = Int(line[index] &- 0x30)
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !overflow1 && !overflow2 else { return nil }
                value = sum
            }
            return value
        }
        return negative ? -value : value
    }

    mutating func timestamp() -> Timestamp? {
        guard let seconds = number(), let nanos = number() else { return nil }
        return Timestamp(seconds: seconds, nanos: nanos)
    }
}
