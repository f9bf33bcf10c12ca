import Foundation
import Gherkin
import Messages
import XCTest

/// What the shared testdata does not cover: encodings, line endings, sizes, error limits.
final class ParserTests: XCTestCase {
    func test_parse_deliversDocumentWithoutFeatureOnEmptyFile() throws {
        let document = try makeSUT("")
        XCTAssertNil(document.feature)
        XCTAssertEqual(document.comments, [])
    }

    func test_parse_skipsLeadingBOMOnBytesStartingWithBOM() throws {
        let bytes = Data([0xEF, 0xBB, 0xBF]) + Data("Feature: BOM\n  Scenario: s\n    Given x\n".utf8)
        let document = try GherkinParser.parse(data: bytes, uri: "bom.feature", ids: IncrementingIdGenerator())
        XCTAssertEqual(document.feature?.name, "BOM")
        XCTAssertEqual(document.feature?.location, Location(line: 1, column: 1))
    }

    func test_parse_deliversErrorAtFirstBadByteOnInvalidUTF8() {
        let bytes = Data("Feature: f\n  Scenario: é".utf8) + Data([0xFF, 0x0A])
        XCTAssertThrowsError(try GherkinParser.parse(data: bytes, uri: "bad.feature", ids: IncrementingIdGenerator())) { error in
            let errors = (error as? GherkinErrors)?.errors ?? []
            XCTAssertEqual(errors.count, 1)
            XCTAssertEqual(errors.first?.line, 2)
            XCTAssertEqual(errors.first?.column, 14)
            XCTAssertTrue(errors.first?.message.hasPrefix("(2:14): the file is not valid UTF-8") ?? false, "\(errors)")
        }
    }

    func test_parse_readsCRLFFileAsItsLFTwin() throws {
        let lf =
            "Feature: f\n  Description\n  Scenario: s\n    Given a\n      \"\"\"\n      doc\n      \"\"\"\n    Then b\n      | x | y |\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try makeSUT(crlf), try makeSUT(lf))
    }

    func test_parse_readsLastLineOnFileWithoutFinalNewline() throws {
        let document = try makeSUT("Feature: f\n  Scenario: s\n    Given the last line")
        XCTAssertEqual(scenario(document, 0).steps.map(\.text), ["the last line"])
    }

    func test_parse_countsColumnsInUnicodeScalarsOnNonASCIIText() throws {
        let document = try makeSUT("Feature: f\n  Scenario: s\n\u{3000}\u{3000}Given x\n    | 日本 | 😀 | z |\n")
        let step = scenario(document, 0).steps[0]
        XCTAssertEqual(step.location, Location(line: 3, column: 3))
        XCTAssertEqual(step.dataTable?.rows[0].cells.map(\.location.column), [7, 12, 16])
    }

    func test_parse_trimsBlanksAndTabsAroundCellsAndResolvesEscapes() throws {
        let document = try makeSUT("Feature: f\n  Scenario: s\n    Given x\n    |\t a \\| b \t|  \\\\  | x\\ny | \\q |\n")
        let cells = try XCTUnwrap(scenario(document, 0).steps[0].dataTable?.rows[0].cells)
        XCTAssertEqual(cells.map(\.value), ["a | b", "\\", "x\ny", "\\q"])
        XCTAssertEqual(cells.map(\.location.column), [8, 19, 25, 32])
    }

    func test_parse_unescapesDelimitersInsideDocStringsOnly() throws {
        let document = try makeSUT(
            "Feature: f\n  Scenario: s\n    Given x\n      ```json\n      \\`\\`\\` and \\\"\\\"\\\"\n        indented\n      ```\n")
        let docString = try XCTUnwrap(scenario(document, 0).steps[0].docString)
        XCTAssertEqual(docString.content, "``` and \\\"\\\"\\\"\n  indented")
        XCTAssertEqual(docString.mediaType, "json")
        XCTAssertEqual(docString.delimiter, "```")
    }

    func test_parse_keepsTrailingBlankDescriptionLineAsPythonReferenceByDefault() throws {
        let text = "Feature: f\n  first\n  \n\n  Scenario: s\n"
        XCTAssertEqual(try makeSUT(text).feature?.description, "  first\n  ")
        let cucumberJS = try GherkinParser.parse(source: text, descriptionTrimming: .blankLines, ids: IncrementingIdGenerator())
        XCTAssertEqual(cucumberJS.feature?.description, "  first")
    }

    func test_parse_usesDialectKeywordsOnLanguageHeader() throws {
        let document = try makeSUT("# language: fr\nFonctionnalité: f\n  Scénario: s\n    Soit a\n    Et b\n    Alors c\n")
        XCTAssertEqual(document.feature?.language, "fr")
        XCTAssertEqual(scenario(document, 0).steps.map(\.keywordType), [.context, .conjunction, .outcome])
    }

    func test_parse_deliversErrorOnUnknownLanguage() {
        XCTAssertEqual(errors("# language: xx\nFeature: f\n"), ["(1:1): Language not supported: xx"])
    }

    func test_parse_deliversErrorOnInconsistentCellCount() {
        XCTAssertEqual(
            errors("Feature: f\n  Scenario: s\n    Given x\n      | a | b |\n      | c |\n"),
            ["(5:7): inconsistent cell count within the table"])
    }

    func test_parse_deliversErrorWithoutColumnOnUnexpectedEndOfFile() throws {
        let document = "Feature: f\n  Scenario: s\n    Given x\n      \"\"\"\n      never closed\n"
        XCTAssertThrowsError(try makeSUT(document)) { error in
            let first = (error as? GherkinErrors)?.errors.first
            XCTAssertEqual(first?.message, "(6:0): unexpected end of file, expected: #DocStringSeparator, #Other")
            XCTAssertEqual(first?.location, Location(line: 6, column: nil))
        }
    }

    func test_parse_deliversExpectedTokensOnUnexpectedLine() {
        XCTAssertEqual(
            errors("Feature: f\n  Scenario: s\n    Given x\n  oops\n"),
            [
                "(4:3): expected: #EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got 'oops'"
            ])
    }

    func test_parse_stopsAfterElevenErrorsOnManyBadLines() {
        let lines = (1...30).map { "bad line \($0)" }.joined(separator: "\n")
        let found = errors(lines)
        XCTAssertEqual(found.count, 11)
        XCTAssertEqual(found.last, "(11:1): expected: #EOF, #Language, #TagLine, #FeatureLine, #Comment, #Empty, got 'bad line 11'")
    }

    func test_parse_locatesUnknownLanguageAsReferenceOnFirstAndEleventhError() throws {
        XCTAssertEqual(locations("  # language: xx\nFeature: f\n"), [Location(line: 1, column: 1)])
        let tenBadLines = (1...10).map { "bad \($0)" }.joined(separator: "\n")
        XCTAssertEqual(locations(tenBadLines + "\n  # language: xx\n").last, Location(line: 11, column: 3))
    }

    func test_parse_deliversErrorOnTagWithWhitespace() {
        XCTAssertEqual(errors("Feature: f\n  @ok @not ok\n  Scenario: s\n"), ["(2:7): A tag may not contain whitespace"])
    }

    func test_parse_readsTagsWithColumnsAndIgnoresTrailingComment() throws {
        let document = try makeSUT("@a  @b\t@c # @not-a-tag\nFeature: f\n")
        XCTAssertEqual(document.feature?.tags.map(\.name), ["@a", "@b", "@c"])
        XCTAssertEqual(document.feature?.tags.map(\.location.column), [1, 5, 8])
    }

    func test_parse_handlesVeryLongLines() throws {
        let text = String(repeating: "long ", count: 200_000)
        let document = try makeSUT("Feature: f\n  Scenario: s\n    Given \(text)\n")
        XCTAssertEqual(scenario(document, 0).steps[0].text.utf8.count, text.utf8.count - 1)
    }

    func test_parse_handlesManyRulesScenariosAndRowsWithoutRecursion() throws {
        var text = "Feature: big\n"
        for rule in 0..<200 {
            text += "  Rule: r\(rule)\n    Background:\n      Given b\n"
            for outline in 0..<10 {
                text += "    Scenario Outline: o\(outline)\n      Given <x>\n      Examples:\n        | x |\n"
                for row in 0..<5 { text += "        | \(row) |\n" }
            }
        }
        let document = try makeSUT(text)
        XCTAssertEqual(document.feature?.children.count, 200)
        XCTAssertEqual(PickleCompiler.compile(document, uri: "big.feature", ids: IncrementingIdGenerator()).count, 200 * 10 * 5)
    }

    // MARK: - Helpers

    private func makeSUT(_ text: String) throws(GherkinErrors) -> GherkinDocument {
        try GherkinParser.parse(source: text, uri: "test.feature", ids: IncrementingIdGenerator())
    }

    private func errors(_ text: String) -> [String] {
        do {
            _ = try makeSUT(text)
            return []
        } catch {
            return error.errors.map(\.message)
        }
    }

    private func locations(_ text: String) -> [Location] {
        do {
            _ = try makeSUT(text)
            return []
        } catch {
            return error.errors.map(\.location)
        }
    }

    private func scenario(_ document: GherkinDocument, _ index: Int) -> Scenario {
        document.feature?.children.compactMap(\.scenario)[index]
            ?? Scenario(
                location: Location(line: 0, column: nil), tags: [], keyword: "", name: "missing", description: "", steps: [], examples: [],
                id: "")
    }
}
