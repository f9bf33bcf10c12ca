import Foundation
import XCTest

@testable import SpecRunScenarioSource

/// The SpecRunScenarios plugin's tool: every scenario and Examples row listed with the selector SpecSuite runs, and
/// one raw-identifier test per scenario that Swift can compile (the plugin's end-to-end run is tools/init-e2e).
final class TestSourceTests: XCTestCase {
    func test_list_namesEachScenarioAndExamplesRowWithItsLineOnAFeatureWithAnOutline() {
        let listed = ListedScenario.listed(
            bytes: Data(
                """
                Feature: Guess the word
                  Scenario: Guessing a word, twice
                    Given a step
                  Rule: rows
                    Scenario Outline: Adding <count>
                      Given a step
                      Examples:
                        | count |
                        | 1     |
                    Scenario Outline: Plain outline
                      Given a step <count>
                      Examples:
                        | count | more |
                        | 2     | x    |

                """.utf8), uri: "Features/guess.feature")

        XCTAssertEqual(
            listed,
            [
                ListedScenario(feature: "Guess the word", name: "Guessing a word, twice", selector: "Features/guess.feature:2", line: 2),
                ListedScenario(feature: "Guess the word", name: "Adding 1", selector: "Features/guess.feature:9", line: 9),
                ListedScenario(feature: "Guess the word", name: "Plain outline — 2, x", selector: "Features/guess.feature:14", line: 14),
            ])
    }

    func test_generate_writesOneSerializedSuiteOfOneTestPerScenarioOnTwoFeatures() {
        let source = TestSource.generate(
            [
                ListedScenario(feature: "Basket", name: "Adding items", selector: "Features/a.feature:3", line: 3),
                ListedScenario(feature: "Checkout", name: "Paying", selector: "Features/b.feature:2", line: 2),
            ], folder: "Features")

        XCTAssertTrue(source.contains("@Suite(.serialized) struct SpecRunScenarios {\n    @Suite struct `Basket` {"), source)
        XCTAssertTrue(source.contains("func `Adding items`() async throws { try await specSuite.run(\"Features/a.feature:3\") }"), source)
        XCTAssertTrue(source.contains("@Test(.enabled(if: specSuite.selects(\"Features/b.feature:2\")"), source)
        XCTAssertTrue(source.contains("    @Suite struct `Checkout` {"), source)
    }

    func test_generate_replacesWhatARawIdentifierCannotHoldOnOddNames() {
        XCTAssertEqual(RawIdentifier.sanitized("a `quoted`\\back\tslash\u{200B}end  ", fallback: "(line 1)"), "a 'quoted'/back slash end")
        XCTAssertEqual(RawIdentifier.sanitized("   ", fallback: "(line 4)"), "(line 4)")
        XCTAssertEqual(RawIdentifier.sanitized("+++", fallback: "(line 5)"), "+++ (line 5)")
        XCTAssertEqual(RawIdentifier.sanitized("é \"x\" (1) — ok", fallback: "(line 6)"), "é \"x\" (1) — ok")
    }

    func test_generate_namesTheSecondScenarioByItsLineOnTwoScenariosOfOneName() {
        let source = TestSource.generate(
            [
                ListedScenario(feature: "F", name: "Same", selector: "Features/a.feature:2", line: 2),
                ListedScenario(feature: "F", name: "Same", selector: "Features/a.feature:5", line: 5),
                ListedScenario(feature: "F", name: "", selector: "Features/a.feature:8", line: 8),
            ], folder: "Features")

        XCTAssertTrue(source.contains("func `Same`()"), source)
        XCTAssertTrue(source.contains("func `Same (line 5)`()"), source)
        XCTAssertTrue(source.contains("func `(line 8)`()"), source)
    }

    func test_generate_writesNoTestAndNoImportOnAFolderWithoutScenarios() {
        let source = TestSource.generate([], folder: "Features")

        XCTAssertFalse(source.contains("@Test"))
        XCTAssertFalse(source.contains("import"), "a test target without SpecRunTesting still compiles")
        XCTAssertTrue(source.contains("(no scenario under Features/)"))
    }

    func test_literal_escapesQuotesAndBackslashesOnAPathHoldingThem() {
        XCTAssertEqual(TestSource.literal("Features/a \"b\"\\c.feature:3"), #""Features/a \"b\"\\c.feature:3""#)
    }
}
