import Foundation

/// What the supervisor tells a worker, one line each on the worker's stdin (after the configuration line).
enum WorkerInstruction: Equatable, Sendable {
    /// Run the test case at this index of the planned order.
    case run(Int)
    /// Report the test case at this index with every step skipped (fail-fast stopped the run).
    case skip(Int)
    /// No more work: run the AfterAll hooks, send testRunFinished, exit.
    case end

    var line: String {
        switch self {
        case .run(let index): return "run \(index)\n"
        case .skip(let index): return "skip \(index)\n"
        case .end: return "end\n"
        }
    }

    init?(line: String) {
        let parts = line.split(separator: " ")
        switch (parts.first, parts.count) {
        case ("end", 1): self = .end
        case ("run", 2): guard let index = Int(parts[1]) else { return nil }; self = .run(index)
        case ("skip", 2): guard let index = Int(parts[1]) else { return nil }; self = .skip(index)
        default: return nil
        }
    }
}

/// What a worker tells the supervisor besides envelopes: lines on the message channel that no envelope can
/// look like (an envelope's one key is a message type; this one is `specrunWorker`).
enum WorkerControl: Equatable, Sendable {
    /// Waiting for an instruction. After the prelude it carries how many test cases were planned, whether the
    /// BeforeAll hooks passed and, when asked for, each test case's key.
    case ready(testCases: Int, beforeAllPassed: Bool, keys: [String]?)
    /// The running step or hook exceeded the timeout; the worker exits right after this line.
    case timedOut(seconds: Double, step: String?)

    static let prefix = Array(#"{"specrunWorker":"#.utf8)

    var line: [UInt8] {
        var object: [String: Any]
        switch self {
        case .ready(let count, let passed, let keys):
            object = ["kind": "ready", "testCases": count, "beforeAllPassed": passed]
            if let keys { object["keys"] = keys }
        case .timedOut(let seconds, let step):
            object = ["kind": "timedOut", "seconds": seconds]
            if let step { object["step"] = step }
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["specrunWorker": object], options: [.sortedKeys])) ?? Data()
        return Array(data) + [0x0A]
    }

    static func isControl<C: Collection>(_ line: C) -> Bool where C.Element == UInt8 {
        line.starts(with: prefix)
    }

    init?<C: Collection>(line: C) where C.Element == UInt8 {
        guard let json = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
              let object = json["specrunWorker"] as? [String: Any], let kind = object["kind"] as? String else { return nil }
        switch kind {
        case "ready":
            guard let count = object["testCases"] as? Int, let passed = object["beforeAllPassed"] as? Bool else { return nil }
            self = .ready(testCases: count, beforeAllPassed: passed, keys: object["keys"] as? [String])
        case "timedOut":
            guard let seconds = object["seconds"] as? Double else { return nil }
            self = .timedOut(seconds: seconds, step: object["step"] as? String)
        default:
            return nil
        }
    }
}
