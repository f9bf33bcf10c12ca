import Gherkin
import XCTest

/// `specrun fmt`'s formatter on small golden cases: what it writes, and what it keeps.
final class GherkinFormatterTests: XCTestCase {
    private func format(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        switch GherkinFormatter.format(source: source) {
        case .success(let text): return text
        case .failure(let errors): XCTFail("\(errors)", file: file, line: line); return ""
        }
    }

    func test_format_indentsEachLevelByTwoOnAFlatFeature() {
        let source = """
            @billing
            Feature:   Refunds
               A description
                 indented more
            Background:
            Given a shop
            @smoke @fast # why
            Scenario: refund
            # a comment
            When I ask for a refund
            |name|amount|
            |Ann|10|
            Then I see
            \"\"\"json
              { "a": 1 }
            \"\"\"

            """
        XCTAssertEqual(
            format(source),
            """
            @billing
            Feature: Refunds
              A description
                indented more
              Background:
                Given a shop
              @smoke @fast # why
              Scenario: refund
                # a comment
                When I ask for a refund
                  | name | amount |
                  | Ann  | 10     |
                Then I see
                  \"\"\"json
                    { "a": 1 }
                  \"\"\"

            """)
    }

    func test_format_indentsScenariosByFourOnARule() {
        let source = "Feature: F\nRule: R\nScenario Outline: S <x>\nGiven <x>\nExamples: E\n| x |\n| 1 |\n"
        XCTAssertEqual(
            format(source),
            """
            Feature: F
              Rule: R
                Scenario Outline: S <x>
                  Given <x>
                  Examples: E
                    | x |
                    | 1 |

            """)
    }

    func test_format_alignsByDisplayWidthAndKeepsEscapesOnATableOfWideText() {
        let source = "Feature: F\n  Scenario: S\n    Given t\n      | 名前 | a\\|b |\n      | x | \\\\ |\n"
        XCTAssertEqual(
            format(source),
            """
            Feature: F
              Scenario: S
                Given t
                  | 名前 | a\\|b |
                  | x    | \\\\   |

            """)
    }

    func test_format_keepsDocStringContentRelativeToItsFenceOnAnIndentedDocString() {
        let source = "Feature: F\n Scenario: S\n  Given t\n          ```\n          a\n            b\n          \\`\\`\\`\n          ```\n"
        XCTAssertEqual(
            format(source), "Feature: F\n  Scenario: S\n    Given t\n      ```\n      a\n        b\n      \\`\\`\\`\n      ```\n")
    }

    func test_format_keepsKeywordsAsWrittenOnAnotherLanguage() {
        let source = "# language: fr\nFonctionnalité: F\nScénario: S\nSoit x\nEt y\n"
        XCTAssertEqual(format(source), "# language: fr\nFonctionnalité: F\n  Scénario: S\n    Soit x\n    Et y\n")
    }

    func test_format_keepsCRLFAndWritesAnEmptyRowAsOnePipeOnACRLFFile() {
        XCTAssertEqual(
            format("Feature: F\r\nScenario: S\r\nGiven x\r\n  |\r\n"), "Feature: F\r\n  Scenario: S\r\n    Given x\r\n      |\r\n")
    }

    func test_format_returnsTheSourceOnALoneCarriageReturn() {
        XCTAssertEqual(format("Feature: F\rScenario: S\n"), "Feature: F\rScenario: S\n")
    }

    func test_format_returnsTheSameTextOnAFormattedFile() {
        let formatted = format("Feature: F\nScenario: S\nGiven a\n|a|bb|\n")
        XCTAssertEqual(format(formatted), formatted)
    }

    func test_format_failsWithTheParseErrorOnABrokenFile() {
        guard case .failure(let errors) = GherkinFormatter.format(source: "Feature: F\n  Scenario: S\n    Given x\n    Giving y\n") else {
            return XCTFail("a broken file was formatted")
        }
        XCTAssertEqual(errors.errors.first?.line, 4)
    }
}
