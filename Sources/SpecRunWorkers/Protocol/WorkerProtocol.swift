import Foundation
import Messages

/// The worker ↔ supervisor protocol as docs/CONTRACTS.md ("The worker protocol") describes it: the configuration
/// line, the instructions, the control lines, the compact lines and the NDJSON envelopes. Both ends are one
/// executable; the version names the description, raised with any change to a line's form.
enum WorkerProtocol {
    static let version = 3
    /// The kind byte after `!` of every compact line (`CompactEnvelope`).
    static let compactKinds: [UInt8] = [
        CompactEnvelope.caseStartedKind, CompactEnvelope.stepStartedKind, CompactEnvelope.stepFinishedKind,
        CompactEnvelope.caseFinishedKind, CompactEnvelope.suggestionKind, CompactEnvelope.testCaseKind,
        CompactEnvelope.bindingKind, CompactEnvelope.passedStepsKind,
    ]
}

/// What the supervisor tells a worker, one line each on the worker's stdin (after the configuration line).
package enum WorkerInstruction: Equatable, Sendable {
    /// Run the test case at this index of the planned order.
    case run(Int)
    /// Run the test cases at these indices, one after another (several handed out at once: one line, not one each).
    case runs(Range<Int>)
    /// Report the test case at this index with every step skipped (fail-fast stopped the run).
    case skip(Int)
    /// No more work: run the AfterAll hooks, send testRunFinished, exit.
    case end
    /// The test case at this index is the pickle with this id in the feature file with this uri (said before it
    /// is run or skipped, to a worker that parses only the files it runs).
    case name(Int, pickleId: String, uri: String)

    var line: String {
        switch self {
        case .run(let index): return "run \(index)\n"
        case .runs(let indices): return "runs \(indices.lowerBound) \(indices.upperBound)\n"
        case .skip(let index): return "skip \(index)\n"
        case .end: return "end\n"
        case .name(let index, let pickleId, let uri): return "name \(index) \(pickleId) \(Self.escape(uri))\n"
        }
    }

    /// The test cases this instruction runs or skips, in order.
    var testCaseIndices: Range<Int>? {
        switch self {
        case .run(let index), .skip(let index): return index..<index + 1
        case .runs(let indices): return indices
        case .end, .name: return nil
        }
    }

    /// Read from the line's bytes, without `split` or `Int(_:)` (a worker reads one per test case).
    init?(line: String) {
        if line.hasPrefix("name ") {
            // name INDEX PICKLE-ID URI (the uri last: it may hold spaces).
            let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let index = Int(parts[1]), index >= 0, !parts[2].isEmpty, !parts[3].isEmpty else { return nil }
            self = .name(index, pickleId: String(parts[2]), uri: Self.unescape(parts[3]))
            return
        }
        var text = line
        guard let instruction = text.withUTF8({ Self.parse($0) }) else { return nil }
        self = instruction
    }

    /// A uri on one line: `%` and the line breaks percent-encoded.
    static func escape(_ uri: String) -> String {
        guard uri.contains(where: { $0 == "%" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return uri }
        return uri.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescape<S: StringProtocol>(_ text: S) -> String {
        guard text.contains("%") else { return String(text) }
        return text.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%25", with: "%")
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> WorkerInstruction? {
        if bytes.elementsEqual("end".utf8) { return .end }
        if bytes.starts(with: "runs ".utf8) {
            // runs FIRST END: the test cases FIRST..<END.
            guard let space = bytes[5...].firstIndex(of: 0x20),
                let first = number(UnsafeBufferPointer(rebasing: bytes[5..<space])),
                let end = number(UnsafeBufferPointer(rebasing: bytes[(space + 1)...])), first < end
            else { return nil }
            return .runs(first..<end)
        }
        guard let space = bytes.firstIndex(of: 0x20), let index = number(UnsafeBufferPointer(rebasing: bytes[(space + 1)...]))
        else { return nil }
        let verb = UnsafeBufferPointer(rebasing: bytes[..<space])
        if verb.elementsEqual("run".utf8) { return .run(index) }
        if verb.elementsEqual("skip".utf8) { return .skip(index) }
        return nil
    }

    /// A decimal number of one to eighteen digits (no sign, nothing else).
    private static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}

/// What a worker tells the supervisor besides envelopes: lines on the message channel that no envelope can
/// look like (an envelope's one key is a message type; this one is `specrunWorker`).
enum WorkerControl: Equatable, Sendable {
    /// Waiting for an instruction. After the prelude it carries how many test cases were planned, whether the
    /// BeforeAll hooks passed and, when asked for, each test case's key.
    case ready(testCases: Int, beforeAllPassed: Bool, keys: [String]?)
    /// A worker that plans its run file by file (`WorkerConfiguration.plansByFile`) planned this many test cases so
    /// far: their `testCase` messages came before this line, and they may be handed out. Its `ready` comes once
    /// every file is planned.
    case planned(testCases: Int)
    /// The running step or hook exceeded the timeout; the worker exits right after this line. `source`: where
    /// a scoped limit was set (`@timeout:1s`…), nil for `--timeout`.
    case timedOut(seconds: Double, step: String?, source: String? = nil)
    /// The limit of the steps and hooks that start from now on: a scoped timeout (`@timeout:5s`, a step
    /// definition's `timeout:`), or nil for `--timeout` again; the supervisor's deadline follows it.
    case limit(seconds: Double?, source: String?)
    /// Written by the crash and exit handlers (work.c): the thread or task the worker crashes or exits on was
    /// started by the test case at this index, not by the one running (work it left running).
    case startedBy(testCase: Int)

    static let prefix = Array(#"{"specrunWorker":"#.utf8)

    /// Written (and read) by Messages' own JSON writer and reader, not Foundation's JSONSerialization, whose first
    /// use cost a worker and its supervisor about a millisecond each of a one-scenario run.
    var line: [UInt8] {
        var object: [String: JSONLine.Value]
        switch self {
        case .ready(let count, let passed, let keys):
            object = ["kind": .string("ready"), "testCases": .number(Double(count)), "beforeAllPassed": .bool(passed)]
            if let keys { object["keys"] = .strings(keys) }
        case .planned(let count):
            object = ["kind": .string("planned"), "testCases": .number(Double(count))]
        case .timedOut(let seconds, let step, let source):
            object = ["kind": .string("timedOut"), "seconds": .number(seconds)]
            if let step { object["step"] = .string(step) }
            if let source { object["source"] = .string(source) }
        case .limit(let seconds, let source):
            object = ["kind": .string("limit")]
            if let seconds { object["seconds"] = .number(seconds) }
            if let source { object["source"] = .string(source) }
        case .startedBy(let index):
            object = ["kind": .string("startedBy"), "testCase": .number(Double(index))]
        }
        return JSONLine.text(["specrunWorker": .object(object)]) + [0x0A]
    }

    static func isControl<C: Collection>(_ line: C) -> Bool where C.Element == UInt8 {
        line.starts(with: prefix)
    }

    init?<C: Collection>(line: C) where C.Element == UInt8 {
        guard case .object(let object)? = JSONLine.object(line)?["specrunWorker"],
            case .string(let kind)? = object["kind"]
        else { return nil }
        switch kind {
        case "ready":
            guard case .number(let count)? = object["testCases"], let testCases = Int(exactly: count),
                case .bool(let passed)? = object["beforeAllPassed"]
            else { return nil }
            var keys: [String]?
            if case .strings(let list)? = object["keys"] { keys = list }
            self = .ready(testCases: testCases, beforeAllPassed: passed, keys: keys)
        case "planned":
            guard case .number(let count)? = object["testCases"], let testCases = Int(exactly: count), testCases >= 0 else {
                return nil
            }
            self = .planned(testCases: testCases)
        case "timedOut":
            guard case .number(let seconds)? = object["seconds"] else { return nil }
            var step: String?
            if case .string(let text)? = object["step"] { step = text }
            var source: String?
            if case .string(let text)? = object["source"] { source = text }
            self = .timedOut(seconds: seconds, step: step, source: source)
        case "limit":
            var seconds: Double?, source: String?
            if case .number(let value)? = object["seconds"] { seconds = value }
            if case .string(let text)? = object["source"] { source = text }
            self = .limit(seconds: seconds, source: source)
        case "startedBy":
            guard case .number(let number)? = object["testCase"], let index = Int(exactly: number), index >= 0 else { return nil }
            self = .startedBy(testCase: index)
        default:
            return nil
        }
    }
}
