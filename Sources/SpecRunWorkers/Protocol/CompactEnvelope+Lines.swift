import Messages

/// Where a compact line is written: a growing byte array (`CompactEnvelope.encode` of an envelope) or memory known
/// to have room for it (`LineWriter`, the worker's outbox writing straight from a step's fields). The layout of
/// each line is written once, below, for both.
protocol CompactLineOutput {
    /// The marker, the line's kind and a space.
    mutating func compactHead(_ kind: UInt8)
    /// A text field (one that `CompactEnvelope.fits`) and a space.
    mutating func compactField(_ text: String)
    /// A decimal field and a space.
    mutating func compactField(_ value: Int)
    /// The line's last field, a decimal, and the newline.
    mutating func compactLast(_ value: Int)
}

extension CompactEnvelope {
    /// `!S <testStepId> <sec> <nanos>` (a step of the worker's current attempt)
    @inline(__always)
    static func writeStepStarted<Output: CompactLineOutput>(testStepId: String, timestamp: Timestamp, into line: inout Output) {
        line.compactHead(stepStartedKind)
        line.compactField(testStepId)
        line.compactField(timestamp.seconds); line.compactLast(timestamp.nanos)
    }

    /// `!F <testStepId> <status> <durationSec> <durationNanos> <sec> <nanos>` (a step of the worker's current attempt)
    @inline(__always)
    static func writeStepFinished<Output: CompactLineOutput>(
        testStepId: String, status: TestStepResultStatus, duration: Duration,
        timestamp: Timestamp, into line: inout Output
    ) {
        line.compactHead(stepFinishedKind)
        line.compactField(testStepId)
        line.compactField(statusCode(status))
        line.compactField(duration.seconds); line.compactField(duration.nanos)
        line.compactField(timestamp.seconds); line.compactLast(timestamp.nanos)
    }

    /// `!C <id> <testCaseId> <attempt> <sec> <nanos>`
    @inline(__always)
    static func writeCaseStarted<Output: CompactLineOutput>(
        id: String, testCaseId: String, attempt: Int,
        timestamp: Timestamp, into line: inout Output
    ) {
        line.compactHead(caseStartedKind)
        line.compactField(id); line.compactField(testCaseId); line.compactField(attempt)
        line.compactField(timestamp.seconds); line.compactLast(timestamp.nanos)
    }

    /// `!E <willBeRetried 0|1> <sec> <nanos>` (the end of the worker's current attempt)
    @inline(__always)
    static func writeCaseFinished<Output: CompactLineOutput>(willBeRetried: Bool, timestamp: Timestamp, into line: inout Output) {
        line.compactHead(caseFinishedKind)
        line.compactField(willBeRetried ? 1 : 0)
        line.compactField(timestamp.seconds); line.compactLast(timestamp.nanos)
    }

    /// `!P <count> <sec> <nanos>` (the next `count` steps of the worker's current attempt passed, the last ending then)
    @inline(__always)
    static func writePassedSteps<Output: CompactLineOutput>(count: Int, lastEnd: Timestamp, into line: inout Output) {
        line.compactHead(passedStepsKind)
        line.compactField(count)
        line.compactField(lastEnd.seconds); line.compactLast(lastEnd.nanos)
    }

    /// `!U <id> <pickleStepId> <snippet list number>`
    @inline(__always)
    static func writeSuggestion<Output: CompactLineOutput>(
        id: String, pickleStepId: String, number: Int,
        into line: inout Output
    ) {
        line.compactHead(suggestionKind)
        line.compactField(id); line.compactField(pickleStepId)
        line.compactLast(number)
    }
}

extension Array: CompactLineOutput where Element == UInt8 {
    mutating func compactHead(_ kind: UInt8) { CompactEnvelope.head(kind, into: &self) }
    mutating func compactField(_ text: String) { CompactEnvelope.field(text, &self) }
    mutating func compactField(_ value: Int) { CompactEnvelope.field(value, &self) }
    mutating func compactLast(_ value: Int) { CompactEnvelope.last(value, &self) }
}

extension LineWriter: CompactLineOutput {
    mutating func compactHead(_ kind: UInt8) { head(kind) }
    mutating func compactField(_ text: String) { field(text) }
    mutating func compactField(_ value: Int) { field(value) }
    mutating func compactLast(_ value: Int) { last(value) }
}
