import Messages
import SharedTestData
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The worker ↔ supervisor protocol (docs/CONTRACTS.md, "The worker protocol"): over generated envelopes, a
/// compact line decodes to the very envelope it was made from — the same JSON, byte for byte — whichever of the
/// two writers made it, and an envelope that cannot be a compact line is left to JSON with nothing written.
final class CompactEnvelopePropertyTests: XCTestCase {
    private static let seeds: [UInt64] = [1, 35, 2026]

    func test_compactLine_decodesToTheSameJSONAsItsEnvelopeOnGeneratedEnvelopes() {
        for seed in Self.seeds {
            var generator = EnvelopeGenerator(seed: seed)
            for _ in 0..<2_000 {
                let envelope = generator.frequentEnvelope(fitting: true)
                let attemptId = Self.attemptId(of: envelope)
                var line: [UInt8] = []

                XCTAssertTrue(
                    CompactEnvelope.encode(envelope, attempt: Self.attempt(attemptId), into: &line), "seed \(seed): \(json(envelope))")

                XCTAssertEqual(line.last, 0x0A)
                guard let decoded = CompactEnvelope.decode(line.dropLast(), attempt: attemptId) else {
                    return XCTFail("seed \(seed): undecodable \(String(decoding: line, as: UTF8.self))")
                }
                XCTAssertEqual(json(decoded), json(envelope), "seed \(seed)")
                XCTAssertEqual(lineWriterBytes(envelope), line, "seed \(seed): the outbox's writer makes the same line")
            }
        }
    }

    func test_encode_writesNothingOnGeneratedEnvelopesThatCannotBeALine() {
        for seed in Self.seeds {
            var generator = EnvelopeGenerator(seed: seed)
            for _ in 0..<500 {
                let envelope = generator.frequentEnvelope(fitting: false)
                var line: [UInt8] = []

                XCTAssertFalse(
                    CompactEnvelope.encode(envelope, attempt: Self.attempt(Self.attemptId(of: envelope)), into: &line),
                    "seed \(seed): \(json(envelope))")
                XCTAssertTrue(line.isEmpty)
            }
        }
    }

    /// A step's line does not name its attempt: it is written only for the attempt started last, byte for byte.
    func test_encode_writesNothingForAStepOfAnyOtherAttemptOnGeneratedEnvelopes() {
        for seed in Self.seeds {
            var generator = EnvelopeGenerator(seed: seed)
            for _ in 0..<2_000 {
                let envelope = generator.frequentEnvelope(fitting: true)
                guard let attemptId = Self.attemptId(of: envelope), envelope.testCaseStarted == nil else { continue }
                // Another spelling of the same text (canonically equivalent, other bytes), or another id.
                let other = Self.otherSpelling(of: attemptId) ?? attemptId + "0"
                var line: [UInt8] = []

                XCTAssertFalse(
                    CompactEnvelope.encode(envelope, attempt: Self.attempt(other), into: &line), "seed \(seed): \(json(envelope))")
                XCTAssertFalse(
                    CompactEnvelope.encode(envelope, attempt: CompactEnvelope.Attempt(), into: &line), "seed \(seed): no attempt")
                XCTAssertTrue(line.isEmpty)
            }
        }
    }

    /// A worker's channel can carry anything a step writes to it: generated lines of compact-looking fields, in
    /// chunks cut anywhere, never crash the reader; each line is an envelope or named a bad line, and a step line
    /// read as an envelope belongs to an attempt the stream started.
    func test_decoder_readsGeneratedGarbageWithoutCrashingAndGivesStepsOnlyAnAttemptItStarted() {
        let tokens = [
            "!S", "!F", "!E", "!C", "!T", "!B", "!U", "!", "a1", "s1", "c1", "0", "1", "7", "-1", "99999999999999999999",
            "h", "s", "{}", #"{"testCaseStarted":{"attempt":0,"id":"j 1","testCaseId":"c","timestamp":{"seconds":1,"nanos":2}}}"#,
            "é", "\u{0}", "",
        ]
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            var bytes: [UInt8] = []
            for _ in 0..<3_000 {
                let count = Int(random.next() % 9)
                let line = (0..<count).map { _ in tokens[Int(random.next() % UInt64(tokens.count))] }.joined(
                    separator: random.next() % 7 == 0 ? "  " : " ")
                bytes += Array(line.utf8) + [0x0A]
            }
            let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)
            var started: Set<String> = []
            var position = 0
            while position < bytes.count {
                let end = min(bytes.count, position + 1 + Int(random.next() % 300))
                for event in sut.append(Array(bytes[position..<end])) {
                    guard case .envelopes(_, let list) = event else { continue }
                    for envelope in list {
                        if let attempt = envelope.testCaseStarted { started.insert(attempt.id) }
                        let owner =
                            envelope.testStepStarted?.testCaseStartedId ?? envelope.testStepFinished?.testCaseStartedId
                            ?? envelope.testCaseFinished?.testCaseStartedId
                        if let owner { XCTAssertTrue(started.contains(owner), "seed \(seed): a step of \(owner), never started") }
                    }
                }
                position = end
            }
            _ = sut.finish()
        }
    }

    /// The text with "é" (U+E9) and "Å" (U+212B) spelled otherwise ("e" + U+301, U+C5): the same for `String ==`,
    /// other bytes; nil when it has neither.
    private static func otherSpelling(of text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{E9}": scalars.append("e"); scalars.append("\u{301}")
            case "\u{212B}": scalars.append("\u{C5}")
            default: scalars.append(scalar)
            }
        }
        let other = String(scalars)
        return Array(other.utf8) == Array(text.utf8) ? nil : other
    }

    /// The attempt a step envelope belongs to (the one it names); for a testCaseStarted, nil.
    private static func attemptId(of envelope: Envelope) -> String? {
        envelope.testStepStarted?.testCaseStartedId ?? envelope.testStepFinished?.testCaseStartedId
            ?? envelope.testCaseFinished?.testCaseStartedId
    }

    private static func attempt(_ id: String?) -> CompactEnvelope.Attempt {
        var attempt = CompactEnvelope.Attempt()
        if let id { attempt.started(id) }
        return attempt
    }

    func test_testCaseLines_decodeToTheSameJSONOnGeneratedTestCasesWithCanonicallyEquivalentArguments() {
        for seed in Self.seeds {
            var generator = EnvelopeGenerator(seed: seed)
            let testCases = (0..<300).map { Envelope(testCase: generator.testCase(number: $0)) }
            var table = CompactEnvelope.TestCaseTable()
            var bytes: [UInt8] = []
            for envelope in testCases where !table.encode(envelope.testCase!, into: &bytes) {
                NDJSON.encode(envelope, into: &bytes)
                bytes.append(0x0A)
            }
            let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

            let decoded = sut.append(bytes).flatMap { event -> [Envelope] in
                if case .envelopes(_, let list) = event { return list } else { return [] }
            }

            XCTAssertEqual(decoded.map(json), testCases.map(json), "seed \(seed)")
        }
    }

    private func json(_ envelope: Envelope) -> String {
        var bytes: [UInt8] = []
        NDJSON.encode(envelope, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The line the worker's outbox writes straight into its buffer from the envelope's fields.
    private func lineWriterBytes(_ envelope: Envelope) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: 4096)
        let count = memory.withUnsafeMutableBufferPointer { buffer -> Int in
            var line = LineWriter(start: buffer.baseAddress!)
            if let started = envelope.testStepStarted {
                CompactEnvelope.writeStepStarted(testStepId: started.testStepId, timestamp: started.timestamp, into: &line)
            } else if let finished = envelope.testStepFinished {
                CompactEnvelope.writeStepFinished(
                    testStepId: finished.testStepId, status: finished.testStepResult.status,
                    duration: finished.testStepResult.duration, timestamp: finished.timestamp, into: &line)
            } else if let started = envelope.testCaseStarted {
                CompactEnvelope.writeCaseStarted(
                    id: started.id, testCaseId: started.testCaseId, attempt: started.attempt,
                    timestamp: started.timestamp, into: &line)
            } else if let finished = envelope.testCaseFinished {
                CompactEnvelope.writeCaseFinished(willBeRetried: finished.willBeRetried, timestamp: finished.timestamp, into: &line)
            }
            return line.count
        }
        return Array(memory[..<count])
    }
}

/// Envelopes of the four kinds a compact line carries, from a seed: ids of ASCII, multi-byte and canonically
/// equivalent spellings, numbers from zero to the extremes of `Int`, every status.
private struct EnvelopeGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let idPieces = [
        "a", "Z", "0", "9", "-", "_", "w1-17", "aB3", "\u{E9}", "e\u{301}", "\u{1F600}", "\u{212B}", "!", "\"", "\\",
    ]
    private static let unfitPieces = [" ", "\n", "\t", "\u{0}", "\r"]
    private static let statuses: [TestStepResultStatus] = [.unknown, .passed, .skipped, .pending, .undefined, .ambiguous, .failed]

    mutating func frequentEnvelope(fitting: Bool) -> Envelope {
        let time = timestamp()
        switch next(4) {
        case 0:
            return Envelope(testStepStarted: TestStepStarted(testCaseStartedId: id(true, 0), testStepId: id(fitting, 0), timestamp: time))
        case 1:
            var result = TestStepResult(duration: Duration(seconds: number(), nanos: number()), status: Self.statuses[next(7)])
            if !fitting && next(2) == 0 {
                if next(2) == 0 { result.message = "boom" } else { result.exception = Exception(type: "E") }
                return Envelope(
                    testStepFinished: TestStepFinished(
                        testCaseStartedId: id(true, 0), testStepId: id(true, 1),
                        testStepResult: result, timestamp: time))
            }
            return Envelope(
                testStepFinished: TestStepFinished(
                    testCaseStartedId: id(true, 0), testStepId: id(fitting, 0),
                    testStepResult: result, timestamp: time))
        case 2:
            if !fitting && next(2) == 0 {
                return Envelope(
                    testCaseStarted: TestCaseStarted(
                        attempt: number(), id: id(true, 0), testCaseId: id(true, 1),
                        workerId: id(true, 2), timestamp: time))
            }
            return Envelope(
                testCaseStarted: TestCaseStarted(attempt: number(), id: id(fitting, 0), testCaseId: id(fitting, 1), timestamp: time))
        default:
            // (A testCaseFinished has no text field: one that cannot be a line is of another attempt, tested apart.)
            guard fitting else {
                return Envelope(
                    testCaseStarted: TestCaseStarted(attempt: number(), id: id(true, 0), testCaseId: id(false, 0), timestamp: time))
            }
            return Envelope(
                testCaseFinished: TestCaseFinished(testCaseStartedId: id(true, 0), timestamp: time, willBeRetried: next(2) == 0))
        }
    }

    /// A test case of a hook step and pickle steps bound to a few definitions, their arguments' values drawn from
    /// few texts, canonically equivalent ones among them (the same binding for `String ==`, not byte for byte).
    mutating func testCase(number: Int) -> TestCase {
        let values = ["caf\u{E9}", "cafe\u{301}", "4", "\u{212B}", "\u{C5}", "\"x y\""]
        var steps = [TestStep(hookId: "h\(next(2))", id: "t\(number)-0")]
        for position in 1...(1 + next(4)) {
            let value = values[next(values.count)]
            let argument = StepMatchArgument(
                group: Group(children: [], start: next(3), value: value), parameterTypeName: next(2) == 0 ? "string" : nil)
            steps.append(
                TestStep(
                    id: "t\(number)-\(position)", pickleStepId: "ps\(number)-\(position)", stepDefinitionIds: ["d\(next(3))"],
                    stepMatchArgumentsLists: [StepMatchArgumentsList(stepMatchArguments: [argument])]))
        }
        return TestCase(id: "c\(number)", pickleId: "p\(number)", testSteps: steps, testRunStartedId: "r")
    }

    /// An id that fits a field, or (`fitting` false, on the field numbered 0) one that holds a space, a line break,
    /// a control byte, or is empty.
    private mutating func id(_ fitting: Bool, _ field: Int) -> String {
        var text = (0...next(6)).map { _ in Self.idPieces[next(Self.idPieces.count)] }.joined()
        if !fitting && field == 0 {
            if next(5) == 0 { return "" }
            text.insert(
                contentsOf: Self.unfitPieces[next(Self.unfitPieces.count)], at: text.index(text.startIndex, offsetBy: next(text.count + 1)))
        }
        return text
    }

    private mutating func number() -> Int {
        switch next(5) {
        case 0: return 0
        case 1: return [Int.max, Int.min, Int.min + 1, -1, 999_999_999][next(5)]
        case 2: return -Int(truncatingIfNeeded: random.next() >> UInt64(next(64)))
        default: return Int(truncatingIfNeeded: random.next() >> UInt64(1 + next(63)))
        }
    }

    private mutating func timestamp() -> Timestamp { Timestamp(seconds: number(), nanos: number()) }

    private mutating func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
}
