import Gherkin
import Messages
import XCTest

/// Markdown with Gherkin, beyond the official testdata.
final class MarkdownTests: XCTestCase {
    func test_parse_readsHeadingsBulletsIndentedTablesAndBacktickTags() throws {
        let document = try makeSUT(
            """
            # Feature: Staples

            Some prose that is ignored.

            `@smoke` `@fast`
            ## Scenario Outline: eating
            - Given I have <n> staples
              | a | b |
              | - | - |
              | 1 | 2 |

            ### Examples:
              | n |
              | --- |
              | 3 |
            """)
        let feature = try XCTUnwrap(document.feature)
        XCTAssertEqual(feature.keyword, "Feature")
        let scenario = try XCTUnwrap(feature.children.first?.scenario)
        XCTAssertEqual(scenario.tags.map(\.name), ["@smoke", "@fast"])
        XCTAssertEqual(scenario.tags.map(\.location.column), [2, 11])
        XCTAssertEqual(scenario.steps.first?.location, Location(line: 7, column: 3))
        XCTAssertEqual(scenario.steps.first?.dataTable?.rows.map { $0.cells.map(\.value) }, [["a", "b"], ["1", "2"]])
        XCTAssertEqual(scenario.examples.first?.tableBody.map { $0.cells.map(\.value) }, [["3"]])
    }

    func test_parse_takesFirstLineAsFeatureOnDocumentWithoutFeatureHeading() throws {
        let document = try makeSUT("My notes\n=====\n\n# Scenario: s\n* When x\n")
        XCTAssertEqual(document.feature?.name, "My notes")
        XCTAssertEqual(document.feature?.keyword, "")
        XCTAssertEqual(document.feature?.children.count, 1)
    }

    func test_parse_keepsEscapedBackticksInFourBacktickDocString() throws {
        let document = try makeSUT("# Feature: f\n## Scenario: s\n* Given x\n    ````\n    \\`\\`\\`\n    ````\n")
        XCTAssertEqual(document.feature?.children.first?.scenario?.steps.first?.docString?.content, "\\`\\`\\`")
    }

    func test_parse_ignoresLanguageHeaderInMarkdown() throws {
        let document = try makeSUT("# language: fr\n# Feature: f\n")
        XCTAssertEqual(document.feature?.language, "en")
    }

    private func makeSUT(_ text: String) throws -> GherkinDocument {
        try GherkinParser.parse(source: text, uri: "test.feature.md", mediaType: .gherkinMarkdown, ids: IncrementingIdGenerator())
    }
}
