import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The official cases of cucumber/cucumber-json-formatter: our JSON equals the expected one strictly
/// (same array order, no extra or missing fields).
final class CucumberJSONReferenceTests: XCTestCase {
    func test_json_matchesEveryOfficialCase() throws {
        let cases = try referenceCases()
        XCTAssertFalse(cases.isEmpty, "no reference case found")
        for (ndjson, expected) in cases {
            try assertSameJSON(render(.json, loadEnvelopes(ndjson)), expected, ndjson.lastPathComponent)
        }
    }

    func test_json_doesNotDependOnInterleavingOnParallelRuns() throws {
        for (ndjson, expected) in try referenceCases() {
            let envelopes = try loadEnvelopes(ndjson)
            for seed in [7, 99] as [UInt64] {
                try assertSameJSON(
                    render(.json, ParallelOrder.interleave(envelopes, seed: seed)), expected,
                    "\(ndjson.lastPathComponent), seed \(seed)")
            }
        }
    }

    func test_json_validatesAgainstTheCucumberJVMSchema() throws {
        guard let python = executable("python3") else { throw XCTSkip("python3 is absent") }
        let check = try runProgram(python, ["-c", "import jsonschema"])
        guard check.status == 0 else { throw XCTSkip("python3 has no jsonschema module") }
        let schema = try sharedFolder().appendingPathComponent("reference/cucumber-json/v0.2.5/cucumber-jvm.json").path
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var inputs = try referenceCases().map(\.ndjson)
        inputs.append(fixturesFolder().appendingPathComponent("sample.ndjson"))
        var outputs: [String] = []
        for ndjson in inputs {
            let file = folder.appendingPathComponent(ndjson.lastPathComponent + ".json")
            try render(.json, loadEnvelopes(ndjson)).write(to: file, atomically: true, encoding: .utf8)
            outputs.append(file.path)
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
            bad = 0
            for path in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(path))):
                    bad += 1
                    print(path, error.message[:300])
            sys.exit(1 if bad else 0)
            """
        let result = try runProgram(python, ["-c", script, schema] + outputs)
        XCTAssertEqual(result.status, 0, result.output)
    }

    func test_json_putsLogsInOutputAndFilesInEmbeddingsOnAttachments() throws {
        let json = try parse(render(.json, sampleEnvelopes())) as? [[String: Any]]
        let steps = (json?[0]["elements"] as? [[String: Any]])?[1]["steps"] as? [[String: Any]]
        XCTAssertEqual(steps?[0]["output"] as? [String], ["score: 1/1"])
        let embedding = (steps?[1]["embeddings"] as? [[String: Any]])?.first
        XCTAssertEqual(embedding?["mime_type"] as? String, "application/json")
        XCTAssertEqual(embedding?["name"] as? String, "score.json")
        XCTAssertEqual(embedding?["data"] as? String, Data(#"{"hits": 1, "total": 1}"#.utf8).base64EncodedString())
    }

    func test_slug_turnsWhitespaceAndPunctuationIntoDashes() {
        XCTAssertEqual(CucumberJSONWriter.slug("Usage of a `Rule`"), "usage-of-a-`rule`")
        XCTAssertEqual(CucumberJSONWriter.slug("Won't_do, it!"), "won-t-do--it-")
    }

    private func parse(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    private func assertSameJSON(_ output: String, _ expected: URL, _ name: String, line: UInt = #line) throws {
        let actual = try parse(output) as? NSArray
        let wanted = try JSONSerialization.jsonObject(with: Data(contentsOf: expected)) as? NSArray
        XCTAssertNotNil(actual, "\(name): not a JSON array", line: line)
        XCTAssertEqual(actual, wanted, "\(name): the JSON differs from \(expected.lastPathComponent)", line: line)
    }

    private func referenceCases() throws -> [(ndjson: URL, expected: URL)] {
        let folder = try sharedFolder().appendingPathComponent("reference/formatters/cucumber-json")
        return try files(in: folder, withSuffix: ".ndjson").compactMap { ndjson in
            let expected = ndjson.appendingPathExtension("jvm.json")
            return FileManager.default.fileExists(atPath: expected.path) ? (ndjson, expected) : nil
        }
    }
}
