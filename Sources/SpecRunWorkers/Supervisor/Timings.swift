import Foundation
import Gherkin
import Messages
import SpecRunCore

/// Seconds per test case key (`uri:line`, see `TestCaseKey`) from an earlier run's message stream: what
/// `--shard-timings` balances shards by, and what a parallel run hands out slowest first.
package enum Timings {
    package static func read(_ path: String) throws -> [String: Double] {
        let data = try contents(of: path)
        var lines: [String: Int] = [:]
        var pickles: [String: (uri: String, node: String)] = [:]
        var testCases: [String: String] = [:]
        var started: [String: (testCase: String, at: Timestamp)] = [:]
        var seconds: [String: Double] = [:]
        do {
            try NDJSON.forEachEnvelope(in: data, uri: path) { envelope in
                if let document = envelope.gherkinDocument {
                    lines.merge(document.scenarioLines) { _, new in new }
                } else if let pickle = envelope.pickle {
                    pickles[pickle.id] = (pickle.uri, pickle.astNodeIds.last ?? "")
                } else if let testCase = envelope.testCase {
                    testCases[testCase.id] = testCase.pickleId
                } else if let start = envelope.testCaseStarted {
                    started[start.id] = (start.testCaseId, start.timestamp)
                } else if let end = envelope.testCaseFinished, let start = started[end.testCaseStartedId],
                    let pickleId = testCases[start.testCase], let pickle = pickles[pickleId]
                {
                    let key = "\(pickle.uri):\(lines[pickle.node] ?? 0)"
                    let elapsed =
                        Double(end.timestamp.seconds) - Double(start.at.seconds) + (Double(end.timestamp.nanos) - Double(start.at.nanos))
                        / 1e9
                    seconds[key, default: 0] += elapsed.isFinite ? min(max(0, elapsed), 1e9) : 0
                }
            }
        } catch {
            throw UsageError(message: "--shard-timings: \(error); give the message stream of an earlier run (--format message:FILE)")
        }
        if testCases.isEmpty {
            throw UsageError(
                message: "--shard-timings: \(path) holds no test case; give the message stream of an earlier run (--format message:FILE)")
        }
        return seconds
    }

    /// What to give instead of a file that holds no stream.
    private static let advice = "give the message stream of an earlier run (--format message:FILE)"

    /// The file's bytes; a path that holds none, or none but blanks, is named for what it is (missing, a folder, a
    /// device such as /dev/null, a FIFO, not readable, empty, blank).
    private static func contents(of path: String) throws -> Data {
        if let why = UnreadableFile.why(path, wanted: UnreadableFile.Wanted(instead: advice, inFolder: { _ in advice })) {
            // (Missing or not readable: the reason alone, then what to give.)
            throw UsageError(message: "--shard-timings: \(path): \(why.hasSuffix(advice) ? why : why + "; " + advice)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(message: "--shard-timings: cannot read \(path); \(advice)")
        }
        if data.isEmpty {
            throw UsageError(message: "--shard-timings: \(path): empty file (0 bytes), no messages in it; \(advice)")
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) {
            throw UsageError(message: "--shard-timings: \(path): blank file, only whitespace and blank lines, no messages in it; \(advice)")
        }
        return data
    }
}
