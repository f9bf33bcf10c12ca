import Foundation
import Messages
import XCTest

/// Reports never lie, whatever the options (issue 30, item 3): random suites of `specrun-report-fixture` (steps
/// that pass, fail, are pending or undefined, crash, exit, hang; failing BeforeAll/AfterAll) run with random
/// option sets (`--predictable-ids`, `-j N`, `--retry`, `--order random`, `--shard`, `--no-isolation`). Each
/// scenario's status and name in the message stream, JUnit, Cucumber JSON and the summary, and the exit code,
/// must equal what a clean serial run of the same suite (and the same shard) says.
///
/// CI runs a fixed seed (printed). A longer run: `SPECRUN_PROPERTY_ITERATIONS=200 swift test --filter
/// ReportsAgreePropertyTests` (and `SPECRUN_PROPERTY_SEED=N` for another start); a failing case prints its seed
/// and suite, and `SPECRUN_PROPERTY_SEED=<seed> SPECRUN_PROPERTY_ITERATIONS=1` replays it.
final class ReportsAgreePropertyTests: XCTestCase {
    func test_everyReportOfARandomSuiteUnderRandomOptionsAgreesWithACleanSerialRun() throws {
        let fixture = try reportFixtureExecutable()
        let environment = ProcessInfo.processInfo.environment
        let start = environment["SPECRUN_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_128
        let iterations = environment["SPECRUN_PROPERTY_ITERATIONS"].flatMap(Int.init) ?? 16
        print(
            "ReportsAgreePropertyTests: seeds \(start)..<\(start + UInt64(iterations)) (SPECRUN_PROPERTY_SEED, SPECRUN_PROPERTY_ITERATIONS)"
        )
        for seed in start..<(start + UInt64(iterations)) {
            let suite = RandomSuite.make(seed: seed)
            let folder = try makeFixtureFeatures(suite.files)
            var serialOptions: [String] = []
            if let shard = suite.options.firstIndex(of: "--shard") { serialOptions = Array(suite.options[shard...shard + 1]) }
            let serial = try run(fixture, suite, folder, serialOptions, label: "serial")
            let other = try run(fixture, suite, folder, suite.options, label: "options")
            let context = "\n\(suite)\nserial stderr: \(serial.stderr)\noptions stderr: \(other.stderr)"

            XCTAssertEqual(other.exitCode, serial.exitCode, "exit code" + context)
            XCTAssertEqual(other.messages, serial.messages, "message stream: scenario → final status" + context)
            XCTAssertEqual(other.junit, serial.junit, "JUnit: scenario → result" + context)
            XCTAssertEqual(other.junitRunErrors.isEmpty, serial.junitRunErrors.isEmpty, "JUnit run-level errors" + context)
            XCTAssertEqual(other.json, serial.json, "Cucumber JSON: scenario → status" + context)
            XCTAssertEqual(other.summary, serial.summary, "summary: scenarios by status" + context)
            // Within the serial run, the reports tell one story.
            XCTAssertEqual(serial.messages.mapValues(Self.junitClass), serial.junit, "serial: JUnit agrees with the stream" + context)
            XCTAssertEqual(serial.messages.filter { !$0.key.isEmpty }.count, serial.json.count, "serial: JSON has every scenario" + context)
        }
    }

    // MARK: - One run and what its reports say

    private struct Said {
        var exitCode: Int32 = 0
        var stderr = ""
        /// `uri|name` → final status, from the message stream.
        var messages: [String: String] = [:]
        /// `feature|name` → passed, failed or skipped (JUnit's three results).
        var junit: [String: String] = [:]
        var junitRunErrors: [String] = []
        /// `uri|name` → worst status of the element (hooks and steps).
        var json: [String: String] = [:]
        /// Status → count, from the summary's scenario line.
        var summary: [String: Int] = [:]
    }

    private func run(_ fixture: URL, _ suite: RandomSuite, _ folder: String, _ options: [String], label: String) throws -> Said {
        let out = "\(folder)/\(label)"
        let arguments =
            [
                folder, "--timeout", "1", "--format", "message:\(out)/m.ndjson", "--format", "junit:\(out)/j.xml",
                "--format", "json:\(out)/c.json", "--format", "summary:\(out)/s.txt",
            ] + options
        let result = try runProcess(fixture, arguments, environment: ["SPECRUN_REPORT_FIXTURE_HOOKS": suite.hooks])
        var said = Said(exitCode: result.status, stderr: String(result.stderr.suffix(2000)))
        said.messages = try messageStatuses("\(out)/m.ndjson")
        (said.junit, said.junitRunErrors) = try junitResults("\(out)/j.xml")
        said.json = try jsonStatuses("\(out)/c.json")
        said.summary = try summaryCounts("\(out)/s.txt")
        return said
    }

    private static let severity = ["passed": 0, "skipped": 1, "pending": 2, "undefined": 3, "ambiguous": 4, "failed": 5, "unknown": 6]

    private static func worst(_ statuses: [String]) -> String {
        statuses.max { severity[$0, default: 6] < severity[$1, default: 6] } ?? "passed"
    }

    private static func junitClass(_ status: String) -> String {
        status == "passed" ? "passed" : status == "skipped" ? "skipped" : "failed"
    }

    private func messageStatuses(_ path: String) throws -> [String: String] {
        let envelopes = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: path)))
        var pickles: [String: String] = [:], testCases: [String: String] = [:], starts: [String: String] = [:]
        var steps: [String: [String]] = [:], final: [String: String] = [:]
        for envelope in envelopes {
            if let pickle = envelope.pickle { pickles[pickle.id] = "\(URL(fileURLWithPath: pickle.uri).lastPathComponent)|\(pickle.name)" }
            if let testCase = envelope.testCase { testCases[testCase.id] = testCase.pickleId }
            if let started = envelope.testCaseStarted { starts[started.id] = started.testCaseId }
            if let step = envelope.testStepFinished {
                steps[step.testCaseStartedId, default: []].append(step.testStepResult.status.rawValue.lowercased())
            }
            if let finished = envelope.testCaseFinished, !finished.willBeRetried,
                let testCase = starts[finished.testCaseStartedId]
            {
                let key = testCases[testCase].flatMap { pickles[$0] } ?? "?|"
                final[key] = Self.worst(steps[finished.testCaseStartedId] ?? [])
            }
        }
        return final
    }

    private func junitResults(_ path: String) throws -> ([String: String], [String]) {
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"<testcase classname="([^"]*)" name="([^"]*)" time="[^"]*">(.*?)</testcase>"#,
            options: [.dotMatchesLineSeparators])
        var results: [String: String] = [:], runErrors: [String] = []
        for match in pattern.matches(in: xml, range: NSRange(xml.startIndex..., in: xml)) {
            let part = { (index: Int) in String(xml[Range(match.range(at: index), in: xml)!]) }
            let body = part(3)
            if body.hasPrefix("\n<error") { runErrors.append(part(2)); continue }
            results["\(part(1))|\(part(2))"] = body.hasPrefix("\n<failure") ? "failed" : body.hasPrefix("\n<skipped") ? "skipped" : "passed"
        }
        // Keyed by feature name: map to the stream's uri keys through the scenario names (unique per suite).
        return (
            Dictionary(
                uniqueKeysWithValues: results.map { key, value in
                    let name = key.split(separator: "|", maxSplits: 1).last.map(String.init) ?? key
                    return (junitKey(name), value)
                }), runErrors
        )
    }

    /// `scenario 2.3` lives in `f2.feature`: the key the message stream uses.
    private func junitKey(_ name: String) -> String {
        let file = name.split(separator: " ").last?.split(separator: ".").first.map(String.init) ?? "?"
        return "f\(file).feature|\(name)"
    }

    private func jsonStatuses(_ path: String) throws -> [String: String] {
        let features = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        var statuses: [String: String] = [:]
        for feature in features {
            let uri = feature["uri"] as? String ?? "?"
            for element in feature["elements"] as? [[String: Any]] ?? [] where element["type"] as? String == "scenario" {
                let results = ["before", "steps", "after"].flatMap { element[$0] as? [[String: Any]] ?? [] }
                    .compactMap { ($0["result"] as? [String: Any])?["status"] as? String }
                statuses["\(URL(fileURLWithPath: uri).lastPathComponent)|\(element["name"] as? String ?? "")"] = Self.worst(results)
            }
        }
        return statuses
    }

    private func summaryCounts(_ path: String) throws -> [String: Int] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.range(of: #"^\d+ scenarios?"#, options: .regularExpression) != nil })
        else {
            return [:]
        }
        var counts: [String: Int] = ["total": Int(line.prefix { $0.isNumber }) ?? -1]
        if let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")") {
            for part in line[line.index(after: open)..<close].split(separator: ",") {
                let words = part.split(separator: " ")
                if words.count == 2, let count = Int(words[0]) { counts[String(words[1])] = count }
            }
        }
        return counts
    }
}
