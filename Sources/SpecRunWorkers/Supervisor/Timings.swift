import Foundation
import Gherkin
import Messages
import SpecRunCore

/// Seconds per test case key (`uri:line`, see `TestCaseKey`) from an earlier run's message stream: what
/// `--shard-timings` balances shards by, and what a parallel run hands out slowest first.
package enum Timings {
    package static func read(_ path: String) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(
                message: "--shard-timings: cannot read \(path); give the message stream of an earlier run (--format message:FILE)")
        }
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
}
