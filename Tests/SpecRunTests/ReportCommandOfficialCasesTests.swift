import Foundation
import SharedTestData
import XCTest

@testable import SpecRun

/// `specrun report IN.ndjson --format junit:OUT.xml | json:OUT.json` over every official formatter case in
/// ../shared/reference/formatters: the exact command the held-back official cases are run with.
final class ReportCommandOfficialCasesTests: XCTestCase {
    func test_report_writesJUnitIdenticalToCucumbersFormatterOnEveryOfficialCase() async throws {
        let folder = try formatters().appendingPathComponent("junit-xml")
        let cases = try files(in: folder, suffix: ".default.xml")
        XCTAssertFalse(cases.isEmpty)
        for expected in cases {
            let input = expected.path.replacingOccurrences(of: ".default.xml", with: ".ndjson")
            let output = try await report(input, format: "junit", fileExtension: "xml")
            // One deliberate difference (issue 30): see OfficialJUnitCases.
            let (cucumbers, runErrors) = OfficialJUnitCases.withoutRunLevelErrors(output)
            let name = URL(fileURLWithPath: input).lastPathComponent
            XCTAssertEqual(runErrors, OfficialJUnitCases.runLevelErrorSamples.contains(name) ? 1 : 0, name)
            XCTAssertEqual(
                normalizedXML(cucumbers), normalizedXML(try String(contentsOf: expected, encoding: .utf8)),
                "specrun report \(URL(fileURLWithPath: input).lastPathComponent) --format junit differs from \(expected.lastPathComponent)")
        }
    }

    func test_report_writesCucumberJSONEqualToCucumbersFormatterOnEveryOfficialCase() async throws {
        let folder = try formatters().appendingPathComponent("cucumber-json")
        let cases = try files(in: folder, suffix: ".ndjson.jvm.json")
        XCTAssertFalse(cases.isEmpty)
        for expected in cases {
            let input = String(expected.path.dropLast(".jvm.json".count))
            let output = try await report(input, format: "json", fileExtension: "json")
            let actual = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? NSArray
            let wanted = try JSONSerialization.jsonObject(with: Data(contentsOf: expected)) as? NSArray
            XCTAssertEqual(
                actual, wanted,
                "specrun report \(URL(fileURLWithPath: input).lastPathComponent) --format json differs from \(expected.lastPathComponent)")
        }
    }

    // MARK: - Helpers

    private func report(_ input: String, format: String, fileExtension: String) async throws -> String {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-report-\(UUID().uuidString).\(fileExtension)")
        defer { try? FileManager.default.removeItem(at: out) }
        let console = SpyConsole()
        let code = await SpecRunCLI.run(["report", input, "--format", "\(format):\(out.path)"], libraries: [], console: console)
        XCTAssertEqual(code, 0, "specrun report \(input): \(console.stderr)")
        return try String(contentsOf: out, encoding: .utf8)
    }

    private func normalizedXML(_ xml: String) -> String {
        xml.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func files(in folder: URL, suffix: String) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }

    private func formatters() throws -> URL {
        try SharedData.require("reference/formatters", "the official formatter cases")
    }
}
