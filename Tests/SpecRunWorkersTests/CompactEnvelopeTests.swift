import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

final class CompactEnvelopeTests: XCTestCase {
    func test_encode_roundTripsTheFourFrequentEnvelopes() {
        let time = Timestamp(seconds: 1_700_000_000, nanos: 123_456_000)
        let envelopes = [
            Envelope(testCaseStarted: TestCaseStarted(attempt: 2, id: "aB3", testCaseId: "w1-17", timestamp: time)),
            Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "aB3", testStepId: "9", timestamp: time)),
            Envelope(
                testStepFinished: TestStepFinished(
                    testCaseStartedId: "aB3", testStepId: "9",
                    testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 1000), status: .undefined),
                    timestamp: time)),
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: "aB3", timestamp: time, willBeRetried: true)),
        ]
        for envelope in envelopes {
            var bytes: [UInt8] = []

            XCTAssertTrue(CompactEnvelope.encode(envelope, attempt: CompactEnvelopeFixtures.attempt("aB3"), into: &bytes))

            XCTAssertEqual(bytes.first, CompactEnvelope.marker)
            XCTAssertEqual(bytes.last, 0x0A)
            XCTAssertEqual(CompactEnvelope.decode(bytes.dropLast(), attempt: "aB3"), envelope)
        }
    }

    func test_encode_writesAStepLineWithoutItsAttemptSoTheAttemptsIdNeedNotBeAField() throws {
        let time = Timestamp(seconds: 7, nanos: 8)
        let finished = Envelope(
            testStepFinished: TestStepFinished(
                testCaseStartedId: "an attempt", testStepId: "s1",
                testStepResult: TestStepResult(duration: Duration(seconds: 0, nanos: 5), status: .passed),
                timestamp: time))
        var bytes: [UInt8] = []

        XCTAssertTrue(CompactEnvelope.encode(finished, attempt: CompactEnvelopeFixtures.attempt("an attempt"), into: &bytes))

        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "!F s1 1 0 5 7 8\n")
        XCTAssertEqual(CompactEnvelope.decode(bytes.dropLast(), attempt: "an attempt"), finished)
    }

    func test_encode_leavesToJSONAStepOfAnotherAttemptThanTheOneStartedLast() {
        let time = Timestamp(seconds: 1, nanos: 0)
        let result = TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed)
        let steps = [
            Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "a1", testStepId: "s", timestamp: time)),
            Envelope(testStepFinished: TestStepFinished(testCaseStartedId: "a1", testStepId: "s", testStepResult: result, timestamp: time)),
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: "a1", timestamp: time, willBeRetried: false)),
            // Canonically equivalent to the attempt's id, but other bytes: another id.
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: "caf\u{E9}", timestamp: time, willBeRetried: false)),
        ]
        for (envelope, attempt) in zip(
            steps,
            [
                CompactEnvelope.Attempt(), CompactEnvelopeFixtures.attempt("a2"), CompactEnvelopeFixtures.attempt("a"),
                CompactEnvelopeFixtures.attempt("cafe\u{301}"),
            ])
        {
            var bytes: [UInt8] = []

            XCTAssertFalse(CompactEnvelope.encode(envelope, attempt: attempt, into: &bytes), "\(envelope)")
            XCTAssertTrue(bytes.isEmpty)
        }
    }

    func test_lineWriter_writesNumbersAsTheirDecimalDigits() {
        var values: [Int] = [0, 1, 9, 10, 11, 99, 100, 101, 999_999_999, 1_000_000_000, 1_764_236_185, .max, .min, .min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { values.append(Int.random(in: .min ... .max, using: &generator) >> Int.random(in: 0...63)) }
        var buffer = [UInt8](repeating: 0, count: 32)
        for value in values {
            let written = buffer.withUnsafeMutableBufferPointer { memory in
                var line = LineWriter(start: memory.baseAddress!)
                line.last(value)
                return String(decoding: memory[..<line.count], as: UTF8.self)
            }
            XCTAssertEqual(written, "\(value)\n")
            XCTAssertEqual(LineWriter.digitCount(value.magnitude), String(value.magnitude).count, "\(value)")
        }
    }

    func test_encode_leavesToJSONWhatDoesNotFitOnALine() {
        let time = Timestamp(seconds: 1, nanos: 0)
        let failed = TestStepResult(duration: Duration(seconds: 0, nanos: 0), message: "boom", status: .failed)
        let cases = [
            Envelope(testStepFinished: TestStepFinished(testCaseStartedId: "a", testStepId: "b", testStepResult: failed, timestamp: time)),
            Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "a", testStepId: "c d", timestamp: time)),
            Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "a", testCaseId: "b", workerId: "w", timestamp: time)),
            Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "a\nb", testCaseId: "b", timestamp: time)),
            Envelope(testRunStarted: TestRunStarted(timestamp: time, id: "r")),
        ]
        for envelope in cases {
            var bytes: [UInt8] = []

            XCTAssertFalse(CompactEnvelope.encode(envelope, attempt: CompactEnvelopeFixtures.attempt("a"), into: &bytes))
            XCTAssertTrue(bytes.isEmpty)
        }
    }

    func test_decode_refusesMalformedLines() {
        for line in [
            "!S b 1", "!S b 1 2 3", "!F b 9 0 0 1 2", "!F b 1 0 0 1", "!E 2 1 2", "!E -1 1 2", "!E 1 1", "!X a", "!", "!S",
            "!C a b x 1 2", "!S  b 1 2",
        ] {
            XCTAssertNil(CompactEnvelope.decode(Array(line.utf8), attempt: "a"), line)
        }
    }

    func test_decode_refusesAStepLineBeforeAnyAttemptStarted() {
        for line in ["!S b 1 2", "!F b 1 0 0 1 2", "!E 1 1 2"] {
            XCTAssertNotNil(CompactEnvelope.decode(Array(line.utf8), attempt: "a"), line)
            XCTAssertNil(CompactEnvelope.decode(Array(line.utf8), attempt: nil), line)
        }
    }

    func test_decoder_givesStepLinesTheIdOfTheAttemptStartedLastCompactOrJSON() {
        let time = Timestamp(seconds: 3, nanos: 4)
        let passed = TestStepResult(duration: Duration(seconds: 0, nanos: 9), status: .passed)
        let envelopes = [
            Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "a1", testCaseId: "c1", timestamp: time)),
            Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "a1", testStepId: "s1", timestamp: time)),
            Envelope(
                testStepFinished: TestStepFinished(testCaseStartedId: "a1", testStepId: "s1", testStepResult: passed, timestamp: time)),
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: "a1", timestamp: time, willBeRetried: true)),
            // An attempt whose start goes as JSON (its id is no field): its steps' lines are compact all the same.
            Envelope(testCaseStarted: TestCaseStarted(attempt: 1, id: "a 2", testCaseId: "c1", timestamp: time)),
            Envelope(
                testStepFinished: TestStepFinished(testCaseStartedId: "a 2", testStepId: "s1", testStepResult: passed, timestamp: time)),
            Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: "a 2", timestamp: time, willBeRetried: false)),
        ]
        var attempt = CompactEnvelope.Attempt()
        let (bytes, compact) = CompactEnvelopeFixtures.written(envelopes) { envelope, out in
            if let started = envelope.testCaseStarted { attempt.started(started.id) }
            return CompactEnvelope.encode(envelope, attempt: attempt, into: &out)
        }
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        XCTAssertEqual(compact, [true, true, true, true, false, true, true])
        XCTAssertEqual(CompactEnvelopeFixtures.envelopes(events), envelopes)
    }

    func test_decoder_namesAStepLineBeforeAnyAttemptABadLine() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(Array("!F s1 1 0 5 7 8\n".utf8))

        guard case .badLine(_, let line)? = events.first, events.count == 1 else { return XCTFail("expected a bad line, got \(events)") }
        XCTAssertEqual(line, "!F s1 1 0 5 7 8")
    }

    func test_number_readsSignedDigitsAndRefusesOverflowAndOtherBytes() {
        let cases: [(String, Int?)] = [
            ("0", 0), ("7", 7), ("-12", -12), ("1700000000", 1_700_000_000), ("999999999999999999", 999_999_999_999_999_999),
            ("9223372036854775807", Int.max), ("9223372036854775808", nil), ("-9223372036854775808", Int.min),
            ("-9223372036854775809", nil), ("123456789012345678901", nil),
            ("-", nil), ("--1", nil), ("1-", nil), ("1a", nil), ("/", nil), (":", nil),
        ]
        for (field, expected) in cases {
            let line = Array("\(field) 5".utf8)
            let number = line.withUnsafeBufferPointer { bytes in
                var reader = FieldReader(bytes)
                return reader.number()
            }

            XCTAssertEqual(number, expected, field)
        }
    }

    func test_decoder_keepsTheOrderOfCompactAndJSONLines() throws {
        let time = Timestamp(seconds: 5, nanos: 0)
        let attachment = Envelope(
            attachment: Attachment(
                body: "hi", contentEncoding: .identity, mediaType: "text/plain",
                testCaseStartedId: "c", testStepId: "s"))
        let attempt = Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "c", testCaseId: "t", timestamp: time))
        let started = Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "c", testStepId: "s", timestamp: time))
        var bytes: [UInt8] = []
        _ = CompactEnvelope.encode(attempt, attempt: CompactEnvelopeFixtures.attempt("c"), into: &bytes)
        _ = CompactEnvelope.encode(started, attempt: CompactEnvelopeFixtures.attempt("c"), into: &bytes)
        NDJSON.encode(attachment, into: &bytes)
        bytes.append(0x0A)
        _ = CompactEnvelope.encode(started, attempt: CompactEnvelopeFixtures.attempt("c"), into: &bytes)
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let events = sut.append(bytes)

        let envelopes = events.flatMap { event -> [Envelope] in if case .envelopes(_, let list) = event { return list } else { return [] } }
        XCTAssertEqual(envelopes, [attempt, started, attachment, started])
    }
}

/// What both compact-line test classes make: an attempt started, the bytes an outbox writes, the envelopes decoded.
enum CompactEnvelopeFixtures {

    static func attempt(_ id: String) -> CompactEnvelope.Attempt {
        var attempt = CompactEnvelope.Attempt()
        attempt.started(id)
        return attempt
    }

    /// The bytes a worker's outbox writes for these envelopes (`compact`, else a JSON line), and which went compact.
    static func written(_ envelopes: [Envelope], compact: (Envelope, inout [UInt8]) -> Bool) -> ([UInt8], [Bool]) {
        var bytes: [UInt8] = []
        var sent: [Bool] = []
        for envelope in envelopes {
            let wasCompact = compact(envelope, &bytes)
            sent.append(wasCompact)
            if !wasCompact { NDJSON.encode(envelope, into: &bytes); bytes.append(0x0A) }
        }
        return (bytes, sent)
    }

    static func envelopes(_ events: [WorkerEvent]) -> [Envelope] {
        events.flatMap { event -> [Envelope] in if case .envelopes(_, let list) = event { return list } else { return [] } }
    }
}
