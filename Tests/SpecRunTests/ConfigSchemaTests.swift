import Foundation
import XCTest

@testable import SpecRun

/// specrun.schema.json (committed, referenced by specrun.json's `$schema`) and the config reader agree: the same
/// keys, and every key's value of the schema's type is read while a value of another type is refused.
final class ConfigSchemaTests: XCTestCase {
    func test_schema_namesExactlyTheKeysTheReaderReads() throws {
        XCTAssertEqual(Set(try profileProperties().keys), Set(ConfigFile.keys))
    }

    func test_read_acceptsEachKeysSchemaTypeAndRefusesAnother() throws {
        for (key, property) in try profileProperties() {
            let (good, bad) = try samples(for: property, key: key)
            XCTAssertNoThrow(try expand(profile: [key: good]), "\(key): \(good) fits the schema")
            XCTAssertThrowsError(try expand(profile: [key: bad]), "\(key): \(bad) does not fit the schema")
        }
    }

    func test_read_takesTheRepositorysConfigWithItsSchemaReference() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("specrun.json"), encoding: .utf8)
        XCTAssertTrue(text.contains(#""$schema": "./specrun.schema.json""#), text)

        let expanded = try ConfigFile.expand([], read: { _ in text })

        XCTAssertTrue(expanded.contains("Features"), "\(expanded)")
        XCTAssertThrowsError(try ConfigFile.expand(["--profile", "$schema"], read: { _ in text }), "$schema is not a profile")
    }

    func test_schema_validatesTheRepositorysConfig() throws {
        let script = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("NO-JSONSCHEMA"); sys.exit(0)
            jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            print("VALID")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, repository.appendingPathComponent("specrun.schema.json").path,
            repository.appendingPathComponent("specrun.json").path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { throw XCTSkip("python3 is absent: the schema is not run against specrun.json") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if output.contains("NO-JSONSCHEMA") { throw XCTSkip("python3's jsonschema is absent (pip install jsonschema)") }
        XCTAssertTrue(output.contains("VALID"), output)
    }

    // MARK: - Helpers

    private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func profileProperties() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: repository.appendingPathComponent("specrun.schema.json"))
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let profile = try XCTUnwrap((schema["$defs"] as? [String: Any])?["profile"] as? [String: Any])
        return try XCTUnwrap(profile["properties"] as? [String: [String: Any]])
    }

    /// A value of the property's schema type, and one of another type.
    private func samples(for property: [String: Any], key: String) throws -> (good: Any, bad: Any) {
        if property["$ref"] as? String == "#/$defs/strings" { return (["x"], 3) }
        if property["oneOf"] != nil { return (2, true) }  // parallel: an integer or "auto"
        switch property["type"] as? String {
        case "boolean": return (true, "yes")
        case "integer", "number": return (1, "one")
        case "object" where key == "timeouts": return (["@slow": "30s"], ["@slow": "soon"])
        case "object": return (["a": "b"], "x")
        case "string":
            let good: [String: String] = ["order": "reverse", "memoryLimit": "512M"]
            return (good[key] ?? "x", 3)
        default: throw XCTSkip("\(key): a schema type this test does not know")
        }
    }

    private func expand(profile: [String: Any]) throws -> [String] {
        let data = try JSONSerialization.data(withJSONObject: ["default": profile])
        return try ConfigFile.expand([], read: { _ in String(decoding: data, as: UTF8.self) })
    }
}
