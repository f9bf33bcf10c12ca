import Foundation
import Gherkin
import Messages
import XCTest

final class GherkinMessagesTests: XCTestCase {
    func test_generate_emitsSourceDocumentThenPicklesOnValidFile() {
        let envelopes = makeSUT("Feature: f\n  Scenario: a\n    Given x\n  Scenario: b\n    Given y\n")
        XCTAssertEqual(envelopes.map(kind), ["source", "gherkinDocument", "pickle", "pickle"])
        XCTAssertEqual(envelopes.first?.source?.mediaType, .gherkinPlain)
        XCTAssertEqual(envelopes[1].gherkinDocument?.uri, "features/f.feature")
    }

    func test_generate_emitsOnlyWhatOptionsAskFor() {
        let text = "Feature: f\n  Scenario: a\n    Given x\n"
        XCTAssertEqual(makeSUT(text, options: .init(includeSource: false, includeAST: false)).map(kind), ["pickle"])
        XCTAssertEqual(makeSUT(text, options: .init(includeAST: false, includePickles: false)).map(kind), ["source"])
    }

    func test_generate_emitsParseErrorsWithUriAndLocationOnBadFile() {
        let envelopes = makeSUT("Feature: f\n  nonsense\n  Scenario: s\n    Given x\n    what\n")
        XCTAssertEqual(envelopes.map(kind), ["source", "parseError"])
        XCTAssertEqual(envelopes[1].parseError?.source.uri, "features/f.feature")
        XCTAssertEqual(envelopes[1].parseError?.source.location, Location(line: 5, column: 5))
    }

    func test_generate_readsMarkdownOnFeatureMdUri() {
        let envelopes = makeSUT("# Feature: md\n\n## Scenario: s\n* Given x\n", uri: "docs/f.feature.md")
        XCTAssertEqual(envelopes.first?.source?.mediaType, .gherkinMarkdown)
        XCTAssertEqual(envelopes.last?.pickle?.steps.map(\.text), ["x"])
    }

    func test_generateBytes_emitsSourceAndParseErrorOnInvalidUTF8() {
        let bytes = Data("Feature: f\n".utf8) + Data([0xC3, 0x28])
        let envelopes = GherkinMessages.generate(bytes: bytes, uri: "bad.feature", ids: IncrementingIdGenerator())
        XCTAssertEqual(envelopes.map(kind), ["source", "parseError"])
        XCTAssertEqual(envelopes.last?.parseError?.source.location, Location(line: 2, column: 1))
    }

    func test_ndjsonLine_leavesKeywordOutOnMarkdownFeatureWithoutHeading() throws {
        let envelopes = makeSUT(
            "Just a title\n\n# Scenario: s\n* Given x\n", uri: "f.feature.md", options: .init(includeSource: false, includePickles: false))
        let line = try GherkinMessages.ndjsonLine(try XCTUnwrap(envelopes.first))
        let feature = try XCTUnwrap(
            ((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["gherkinDocument"] as? [String: Any])?["feature"]
                as? [String: Any])
        XCTAssertNil(feature["keyword"])
        XCTAssertEqual(feature["name"] as? String, "Just a title")
    }

    func test_ndjsonLine_keepsEveryCharacterOnKeywordlessMarkdownFeature() throws {
        let text = "Title \u{FEFF}with BOM\n# Scenario: s\n* Given x\n    ```\n  \u{FEFF}inside\n    ```\n"
        let envelopes = makeSUT(text, uri: "f.feature.md", options: .init(includeSource: false, includePickles: false))
        let line = try GherkinMessages.ndjsonLine(try XCTUnwrap(envelopes.first))
        XCTAssertFalse(line.contains(#""keyword":"""#), line)
        let withKeyword = line.replacingOccurrences(of: #""feature":{"#, with: #""feature":{"keyword":"","#)
        XCTAssertEqual(try NDJSON.decode(withKeyword), envelopes)
    }

    func test_ndjsonLine_printsNullTypeOnOutlineStepBeforeAnyGivenWhenThen() throws {
        let envelopes = makeSUT(
            "Feature: f\n  Scenario Outline: o\n    And <x>\n    Examples:\n      | x |\n      | 1 |\n",
            options: .init(includeSource: false, includeAST: false))
        let line = try GherkinMessages.ndjsonLine(try XCTUnwrap(envelopes.first))
        XCTAssertTrue(line.contains(#""type":null"#), line)
        XCTAssertEqual(try NDJSON.decode(line), envelopes)
    }

    func test_ndjsonLine_writesKeysInTheMessageTypesOrderOnEveryReferenceShape() throws {
        // The message types write their keys sorted; the two reference shapes must too, or their bytes change
        // from one run to the next (a Dictionary's order depends on the process's hash seed).
        let keywordless = try GherkinMessages.ndjsonLine(
            try XCTUnwrap(
                makeSUT(
                    "Just a title\n\n# Scenario: s\n* Given x\n", uri: "f.feature.md",
                    options: .init(includeSource: false, includePickles: false)
                ).first))
        let nullTypes = try GherkinMessages.ndjsonLine(
            try XCTUnwrap(
                makeSUT(
                    "Feature: f\n  Scenario Outline: o\n    And <x>\n    Examples:\n      | x |\n      | 1 |\n",
                    options: .init(includeSource: false, includeAST: false)
                ).first))

        for line in [keywordless, nullTypes] {
            let roundTrip = try JSONSerialization.data(
                withJSONObject: JSONSerialization.jsonObject(with: Data(line.utf8)),
                options: [.sortedKeys, .withoutEscapingSlashes])
            XCTAssertEqual(line, String(decoding: roundTrip, as: UTF8.self))
        }
    }

    func test_ndjsonLine_equalsPlainEncodingOnOrdinaryEnvelope() throws {
        let envelope = try XCTUnwrap(makeSUT("Feature: f\n").last)
        XCTAssertEqual(try GherkinMessages.ndjsonLine(envelope), try NDJSON.encode(envelope))
    }

    private func makeSUT(
        _ text: String, uri: String = "features/f.feature",
        options: GherkinMessages.Options = .init()
    ) -> [Envelope] {
        GherkinMessages.generate(data: text, uri: uri, options: options, ids: IncrementingIdGenerator())
    }

    private func kind(_ envelope: Envelope) -> String {
        if envelope.source != nil { return "source" }
        if envelope.gherkinDocument != nil { return "gherkinDocument" }
        if envelope.pickle != nil { return "pickle" }
        if envelope.parseError != nil { return "parseError" }
        return "other"
    }
}
