import Foundation
import Messages
import SharedTestData
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The official cases of cucumber/junit-xml-formatter: our XML from each stream equals the expected file.
final class JUnitReferenceTests: XCTestCase {
    func test_junit_matchesEveryOfficialCase() throws {
        let cases = try referenceCases()
        XCTAssertFalse(cases.isEmpty, "no reference case found")
        for (ndjson, expected) in cases {
            let output = try render(.junit, loadEnvelopes(ndjson))
            let (cucumbers, runErrors) = OfficialJUnitCases.withoutRunLevelErrors(output)
            XCTAssertEqual(
                runErrors, OfficialJUnitCases.runLevelErrorSamples.contains(ndjson.lastPathComponent) ? 1 : 0, ndjson.lastPathComponent)
            XCTAssertEqual(cucumbers, try String(contentsOf: expected, encoding: .utf8), ndjson.lastPathComponent)
        }
    }

    func test_junit_doesNotDependOnInterleavingOnParallelRuns() throws {
        for (ndjson, expected) in try referenceCases() {
            let envelopes = try loadEnvelopes(ndjson)
            for seed in [1, 42, 2024] as [UInt64] {
                let shuffled = ParallelOrder.interleave(envelopes, seed: seed)
                XCTAssertEqual(
                    OfficialJUnitCases.withoutRunLevelErrors(try render(.junit, shuffled)).0,
                    try String(contentsOf: expected, encoding: .utf8),
                    "\(ndjson.lastPathComponent), seed \(seed)")
            }
        }
    }

    func test_junit_interleavingActuallyChangesTheStreamOrder() throws {
        let envelopes = try loadEnvelopes(try sharedFolder().appendingPathComponent("reference/formatters/junit-xml/all-statuses.ndjson"))
        XCTAssertNotEqual(ParallelOrder.interleave(envelopes, seed: 42), envelopes)
    }

    func test_junit_validatesAgainstTheJenkinsSchema() throws {
        guard let xmllint = executable("xmllint") else { throw XCTSkip("xmllint is absent (apt-get install -y libxml2-utils)") }
        let shared = try sharedFolder()
        let schema = shared.appendingPathComponent("reference/junit/jenkins-junit.xsd").path
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var inputs = try referenceCases().map(\.ndjson)
        inputs.append(fixturesFolder().appendingPathComponent("sample.ndjson"))
        for ndjson in inputs {
            let file = folder.appendingPathComponent(ndjson.deletingPathExtension().lastPathComponent + ".xml")
            try render(.junit, loadEnvelopes(ndjson)).write(to: file, atomically: true, encoding: .utf8)
            let result = try runProgram(xmllint, ["--noout", "--schema", schema, file.path])
            XCTAssertEqual(result.status, 0, "\(ndjson.lastPathComponent): \(result.output)")
        }
    }

    func test_junit_usesCustomSuiteClassAndLongNamesOnCustomOptions() throws {
        let options = ReportOptions(junitSuiteName: "Cucumber Suite", junitClassName: "Cucumber Class", junitNaming: .longWithFeature)
        let xml = try render(.junit, sampleEnvelopes(), options: options)
        XCTAssertTrue(xml.contains("<testsuite name=\"Cucumber Suite\""), xml)
        XCTAssertTrue(xml.contains("<testcase classname=\"Cucumber Class\" name=\"Quiz answers - Scoring - A right answer scores\""), xml)
        XCTAssertTrue(xml.contains("name=\"Quiz answers - Guesses of &lt;guess&gt; - Feedback - #1.2: Guesses of 22\""), xml)
    }

    func test_junit_escapesUserTextOnMarkupInNames() throws {
        let xml = try render(.junit, sampleEnvelopes())
        XCTAssertTrue(
            xml.contains("classname=\"Chat &lt;b&gt;login&lt;/b&gt;\" name=\"Say &lt;script&gt;alert(1)&lt;/script&gt; hello\""), xml)
        XCTAssertFalse(xml.contains("<script>"))
    }

    func test_cdata_splitsTheEndMarkerOnTextContainingIt() {
        XCTAssertEqual(XML.cdata("a]]>b"), "<![CDATA[a]]]]><![CDATA[>b]]>")
    }

    func test_padded_keepsTwoDotsOnLongStepText() {
        let long = String(repeating: "x", count: 80)
        XCTAssertEqual(JUnitXMLWriter.padded(long, "passed"), long + "..passed")
        XCTAssertEqual(JUnitXMLWriter.padded("Given a step", "passed").count, 76 + 6)
    }

    private func referenceCases() throws -> [(ndjson: URL, expected: URL)] {
        let folder = try sharedFolder().appendingPathComponent("reference/formatters/junit-xml")
        return try files(in: folder, withSuffix: ".ndjson").compactMap { ndjson in
            let expected = ndjson.deletingPathExtension().appendingPathExtension("default.xml")
            return FileManager.default.fileExists(atPath: expected.path) ? (ndjson, expected) : nil
        }
    }
}
