import Gherkin
import Messages
import XCTest

final class PickleCompilerTests: XCTestCase {
    func test_compile_inlinesFeatureThenRuleBackgroundSteps() throws {
        let pickles = try makeSUT(
            """
            Feature: f
              Background:
                Given feature background
              Rule: r
                Background:
                  Given rule background
                Scenario: s
                  When it runs
            """)
        XCTAssertEqual(pickles.map { $0.steps.map(\.text) }, [["feature background", "rule background", "it runs"]])
    }

    func test_compile_expandsEachExamplesRowWithPlaceholdersEverywhere() throws {
        let pickles = try makeSUT(
            """
            Feature: f
              Scenario Outline: <who> eats <n>
                Given <who> has <n> cukes
                  | <who> | <n> |
                Then the note says
                  ```<type>
                  <who> ate <n>
                  ```
                Examples:
                  | who | n | type |
                  | Ann | 3 | text |
                  | Bob | 5 | md   |
            """)
        XCTAssertEqual(pickles.map(\.name), ["Ann eats 3", "Bob eats 5"])
        XCTAssertEqual(pickles[1].steps[0].text, "Bob has 5 cukes")
        XCTAssertEqual(pickles[1].steps[0].argument?.dataTable?.rows[0].cells.map(\.value), ["Bob", "5"])
        XCTAssertEqual(pickles[1].steps[1].argument?.docString?.content, "Bob ate 5")
        XCTAssertEqual(pickles[1].steps[1].argument?.docString?.mediaType, "md")
        XCTAssertEqual(pickles[0].location, Location(line: 11, column: 7))
    }

    func test_compile_inheritsTagsFromFeatureRuleScenarioAndExamples() throws {
        let pickles = try makeSUT(
            """
            @feature
            Feature: f
              @rule
              Rule: r
                @outline
                Scenario Outline: o
                  Given <x>
                  @examples
                  Examples:
                    | x |
                    | 1 |
            """)
        XCTAssertEqual(pickles.first?.tags.map(\.name), ["@feature", "@rule", "@outline", "@examples"])
    }

    func test_compile_makesNoPickleOnOutlineWithoutExamplesTable() throws {
        let pickles = try makeSUT("Feature: f\n  Scenario Outline: o\n    Given <x>\n    Examples:\n")
        XCTAssertEqual(pickles, [])
    }

    func test_compile_dropsBackgroundOnScenarioWithoutSteps() throws {
        let pickles = try makeSUT("Feature: f\n  Background:\n    Given b\n  Scenario: empty\n")
        XCTAssertEqual(pickles.map(\.steps.count), [0])
    }

    func test_compile_givesConjunctionsThePreviousStepType() throws {
        let pickles = try makeSUT("Feature: f\n  Scenario: s\n    And first\n    Given a\n    And b\n    When c\n    But d\n    * e\n")
        XCTAssertEqual(pickles.first?.steps.map(\.type), [.unknown, .context, .context, .action, .action, .unknown])
    }

    func test_compile_numbersArgumentsOnStepWithDocStringThenTable() throws {
        let pickles = try makeSUT("Feature: f\n  Scenario: s\n    Given x\n      \"\"\"\n      doc\n      \"\"\"\n      | a |\n")
        XCTAssertEqual(pickles.first?.steps.first?.argument?.docString?.argumentIndex, 1)
        XCTAssertEqual(pickles.first?.steps.first?.argument?.dataTable?.argumentIndex, 2)
    }

    func test_compile_givesIdsInReferenceOrderAfterTheAST() throws {
        let ids = IncrementingIdGenerator()
        let document = try GherkinParser.parse(source: "Feature: f\n  @t\n  Scenario: s\n    Given a\n", uri: "f.feature", ids: ids)
        let pickles = PickleCompiler.compile(document, ids: ids)
        XCTAssertEqual(pickles.first?.steps.first?.id, "3")
        XCTAssertEqual(pickles.first?.id, "4")
        XCTAssertEqual(pickles.first?.astNodeIds, ["2"])
        XCTAssertEqual(pickles.first?.tags, [PickleTag(name: "@t", astNodeId: "1")])
        XCTAssertEqual(pickles.first?.uri, "f.feature")
    }

    private func makeSUT(_ text: String) throws -> [Pickle] {
        let ids = IncrementingIdGenerator()
        let document = try GherkinParser.parse(source: text, uri: "test.feature", ids: ids)
        return PickleCompiler.compile(document, ids: ids)
    }
}
