import Messages
import SpecRunCore

/// The four messages a test case's run sends for each step and around it, written as compact lines straight
/// from their fields by the layouts `CompactEnvelope.encode` uses (CompactEnvelope+Lines.swift), without an envelope;
/// one that does not fit a compact line goes through `emit` as before.
extension WorkerOutbox: MessageSink {
    /// A number field's most bytes: a sign, 19 digits and a space.
    private static let numberField = 21

    package func testCaseStarted(attempt: Int, id: String, testCaseId: String, timestamp: Timestamp) {
        guard let idLength = LineWriter.fieldLength(id), let caseLength = LineWriter.fieldLength(testCaseId),
            let maximum = Self.maximum(idLength + caseLength, numbers: 3)
        else {
            return emit(
                Envelope(
                    testCaseStarted: TestCaseStarted(
                        attempt: attempt, id: id, testCaseId: testCaseId,
                        timestamp: timestamp)))
        }
        state.current.started(id)
        writeLine(maximum: maximum, running: .unchanged) { line in
            CompactEnvelope.writeCaseStarted(id: id, testCaseId: testCaseId, attempt: attempt, timestamp: timestamp, into: &line)
        }
    }

    package func testStepStarted(testCaseStartedId: String, testStepId: String, timestamp: Timestamp) {
        // Without a message report no listener reads a step's start, and the supervisor takes the end of the step
        // before (or of the test case's start) as the start of a step a crash or a timeout ends: only the
        // watchdog hears of it.
        guard state.sendsStepStarts else { return noteStarted(testStepId) }
        guard state.current.isCurrent(testCaseStartedId), let stepLength = LineWriter.fieldLength(testStepId),
            let maximum = Self.maximum(stepLength, numbers: 2)
        else {
            return emit(
                Envelope(
                    testStepStarted: TestStepStarted(
                        testCaseStartedId: testCaseStartedId,
                        testStepId: testStepId, timestamp: timestamp)))
        }
        writeLine(maximum: maximum, running: .started(testStepId: testStepId)) { line in
            CompactEnvelope.writeStepStarted(testStepId: testStepId, timestamp: timestamp, into: &line)
        }
    }

    package func testStepFinished(testCaseStartedId: String, testStepId: String, result: TestStepResult, timestamp: Timestamp) {
        func asEnvelope() {
            emit(
                Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: testCaseStartedId, testStepId: testStepId,
                        testStepResult: result, timestamp: timestamp)))
        }
        guard result.message == nil, result.exception == nil, state.current.isCurrent(testCaseStartedId) else {
            return asEnvelope()
        }
        // (Counted before its id is measured: a counted step's id is not written.)
        if state.collapsesPassedSteps && result.status == .passed { return countPassedStep(endingAt: timestamp) }
        guard let stepLength = LineWriter.fieldLength(testStepId), let maximum = Self.maximum(stepLength, numbers: 5) else {
            return asEnvelope()
        }
        writeLine(maximum: maximum, running: .finished) { line in
            CompactEnvelope.writeStepFinished(
                testStepId: testStepId, status: result.status, duration: result.duration,
                timestamp: timestamp, into: &line)
        }
    }

    package func testCaseFinished(testCaseStartedId: String, timestamp: Timestamp, willBeRetried: Bool) {
        guard state.current.isCurrent(testCaseStartedId), let maximum = Self.maximum(0, numbers: 3) else {
            return emit(
                Envelope(
                    testCaseFinished: TestCaseFinished(
                        testCaseStartedId: testCaseStartedId, timestamp: timestamp,
                        willBeRetried: willBeRetried)))
        }
        writeLine(maximum: maximum, running: .unchanged) { line in
            CompactEnvelope.writeCaseFinished(willBeRetried: willBeRetried, timestamp: timestamp, into: &line)
        }
    }

    /// The most bytes of a line with text fields of `textBytes` in all and `numbers` number fields; nil when it
    /// could not fit the buffer.
    static func maximum(_ textBytes: Int, numbers: Int) -> Int? {
        let maximum = 3 + textBytes + 4 + numbers * numberField
        return maximum <= capacity ? maximum : nil
    }
}

/// Writes a compact line into memory known to have room for it.
struct LineWriter {
    let start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(start: UnsafeMutablePointer<UInt8>) { self.start = start }

    /// The UTF-8 length of a text that can be a field (not empty, no space, newline or control byte); nil otherwise.
    static func fieldLength(_ text: String) -> Int? {
        let contiguous = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            !bytes.isEmpty && !bytes.contains { $0 <= 0x20 } ? bytes.count : nil
        }
        if let contiguous { return contiguous }
        return CompactEnvelope.fits(text) ? text.utf8.count : nil
    }

    /// The marker, the line's kind and a space.
    mutating func head(_ kind: UInt8) {
        start[count] = CompactEnvelope.marker
        start[count + 1] = kind
        start[count + 2] = 0x20
        count += 3
    }

    mutating func field(_ text: String) {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            (start + count).update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
        if let copied {
            count += copied
        } else {
            for byte in text.utf8 { start[count] = byte; count += 1 }
        }
        start[count] = 0x20
        count += 1
    }

    mutating func field(_ value: Int) {
        digits(value)
        start[count] = 0x20
        count += 1
    }

    /// The line's last field, with its newline.
    mutating func last(_ value: Int) {
        digits(value)
        start[count] = 0x0A
        count += 1
    }

    /// The decimal digits of `value`, two at a time from the last (its length counted first: no reversal).
    private mutating func digits(_ value: Int) {
        if value < 0 { start[count] = UInt8(ascii: "-"); count += 1 }
        var magnitude = value.magnitude
        let length = Self.digitCount(magnitude)
        let first = count
        var position = first + length
        count = position
        let table = Self.pairs.utf8Start
        while magnitude >= 10 {
            let pair = Int(magnitude % 100) &* 2
            magnitude /= 100
            position -= 2
            start[position] = table[pair]
            start[position + 1] = table[pair + 1]
        }
        if position > first { start[first] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude) }
    }

    /// The number of decimal digits of `value` (1 for 0), from its bit length: `bits * 1233 >> 12` is ⌊log10(2^bits)⌋,
    /// the count or one less, and one comparison with a power of ten settles it (no loop over the digits).
    @inline(__always)
    static func digitCount(_ value: UInt) -> Int {
        // (`| 1`: 0 counts as 1, and no other answer changes, every power of ten above 1 being even.)
        let bits = UInt.bitWidth &- (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) &>> 12
        return guess &+ ((value | 1) >= powerOfTen(guess) ? 1 : 0)
    }

    /// 10^`exponent`, for 0...19 (a table of constants, not a lazily made global).
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// "00" to "99".
    private static let pairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
