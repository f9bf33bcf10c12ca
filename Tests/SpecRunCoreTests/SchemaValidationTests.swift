import Foundation
import SharedTestData
import XCTest

@testable import SpecRunCore

/// Every line the runner writes validates against the official Envelope JSON Schema
/// (../shared/reference/messages; checked with Python's jsonschema when it is installed).
final class SchemaValidationTests: XCTestCase {
    func test_streams_validateAgainstTheMessagesSchema() async throws {
        let schema = try SharedData.require("reference/messages/messages.schema.json", "the schema check").path
        let script = """
            import json, sys
            try:
                from jsonschema import Draft202012Validator
            except ImportError:
                print("NO-JSONSCHEMA"); sys.exit(0)
            v = Draft202012Validator(json.load(open(sys.argv[1])))
            bad = [f"{p}:{i}: {next(v.iter_errors(json.loads(l))).message}" for p in sys.argv[2:]
                   for i, l in enumerate(open(p), 1) if l.strip() and not v.is_valid(json.loads(l))]
            print("\\n".join(bad) if bad else "OK")
            """
        let (_, hooks) = try await run(
            makeSUT(
                features: [
                    "features/a.feature":
                        "Feature: f\n  @attach @fail-after\n  Scenario: s\n    Given a step passes\n    And an undefined step\n",
                    "features/b.feature": "Feature: broken\n  Scenario: s\n    Given x\n  not gherkin\n",
                ], libraries: [HookSteps.self]
            ) { $0.retry = 1 })
        let (_, unknown) = try await run(
            makeSUT(
                features: ["features/a.feature": "Feature: f\n  Scenario: s\n    Given CDG is closed\n"],
                libraries: [UnknownTypeSteps.self]
            ) { $0.unknownParameterTypes = .report })
        let (_, failingBeforeAll) = try await run(
            makeSUT(
                features: ["features/a.feature": "Feature: f\n  Scenario: s\n    Given a step passes\n"],
                libraries: [FailingBeforeAllSteps.self]))
        let live = NSTemporaryDirectory() + "specrun-schema-\(UUID().uuidString).ndjson"
        try (hooks.ndjson() + unknown.ndjson() + failingBeforeAll.ndjson()).write(toFile: live, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: live) }
        XCTAssertEqual(hooks.envelopes.compactMap(\.parseError).count, 1)
        XCTAssertEqual(unknown.envelopes.compactMap(\.undefinedParameterType).count, 1)

        let output = try runPython(script, arguments: [schema, GoldenStreamTests.fixtures + "/golden.ndjson", live])
        if output == "NO-JSONSCHEMA" || output == nil { throw XCTSkip("python3 with jsonschema not available: schema check skipped") }
        XCTAssertEqual(output, "OK")
    }

    private func runPython(_ script: String, arguments: [String]) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
