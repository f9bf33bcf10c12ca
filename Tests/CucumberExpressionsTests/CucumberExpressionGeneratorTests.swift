import CucumberExpressions
import XCTest

/// Snippet suggestions, after the official generator's tests.
final class CucumberExpressionGeneratorTests: XCTestCase {
    func test_generate_keepsPlainTextAsIs() {
        XCTAssertEqual(sources("hello"), ["hello"])
    }

    func test_generate_suggestsIntThenFloatForNumbers() {
        XCTAssertEqual(
            sources("I have 2 cucumbers and 1.5 tomato"),
            [
                "I have {int} cucumbers and {float} tomato",
                "I have {float} cucumbers and {float} tomato",
            ])
    }

    func test_generate_suggestsIntAndFloatAsTheCompatibilityKitExpects() {
        XCTAssertEqual(sources("a list of 5 things"), ["a list of {int} things", "a list of {float} things"])
    }

    func test_generate_suggestsStringForQuotedText() {
        XCTAssertEqual(
            sources("I have \"many\" cucumbers and 'some' tomatoes"),
            [
                "I have {string} cucumbers and {string} tomatoes"
            ])
    }

    func test_generate_suggestsStringForEmptyQuotes() {
        XCTAssertEqual(sources("I have \"\" cucumbers"), ["I have {string} cucumbers"])
    }

    func test_generate_escapesParenthesesBracesAndSlashes() {
        XCTAssertEqual(
            sources("I have 3 cukes (and {more}) a/b"),
            [
                "I have {int} cukes \\(and \\{more}) a\\/b",
                "I have {float} cukes \\(and \\{more}) a\\/b",
            ])
    }

    func test_generate_escapesABackslashSoTheExpressionMatchesItsOwnStep() throws {
        let text = #"five "a" \ back"#
        XCTAssertEqual(sources(text), [#"five {string} \\ back"#])
        let expression = try CucumberExpression(sources(text)[0], registry: ParameterTypeRegistry())
        XCTAssertNotNil(expression.match(text), "a lone backslash escapes the space after it: two spaces, no backslash")
    }

    func test_generate_ignoresNumbersInsideWords() {
        XCTAssertEqual(sources("I have a1 and 5b"), ["I have a1 and 5b"])
    }

    func test_generate_prefersTheLongestMatchAtTheSamePosition() throws {
        var registry = ParameterTypeRegistry()
        try registry.define(ParameterType(name: "currency", regexps: ["[A-Z]{3}"]) { $0 })
        try registry.define(ParameterType(name: "date", regexps: [#"\d{4}-\d{2}-\d{2}"#]) { $0 })

        XCTAssertEqual(sources("pay 10 EUR on 2024-01-31", registry)[0], "pay {int} {currency} on {date}")
    }

    func test_parameterNames_numbersRepeatedTypes() {
        let generated = CucumberExpressionGenerator(registry: ParameterTypeRegistry())
            .generateExpressions("add 1 and 2 to \"x\"")

        XCTAssertEqual(generated.first?.parameterNames, ["int", "int2", "string"])
        XCTAssertEqual(generated.first?.parameterTypes.map(\.typeName), ["Int", "Int", "String"])
    }

    func test_generate_producesExpressionsThatMatchTheText() throws {
        let registry = ParameterTypeRegistry()
        let text = "the total of 3 items at \"12.50\" is -4.5 EUR"

        for generated in CucumberExpressionGenerator(registry: registry).generateExpressions(text) {
            XCTAssertNotNil(try CucumberExpression(generated.source, registry: registry).match(text), generated.source)
        }
    }

    func test_generate_capsCombinationsAt256() {
        let text = (1...10).map(String.init).joined(separator: " ")

        XCTAssertEqual(CucumberExpressionGenerator(registry: ParameterTypeRegistry()).generateExpressions(text).count, 256)
    }

    private func sources(_ text: String, _ registry: ParameterTypeRegistry = ParameterTypeRegistry()) -> [String] {
        CucumberExpressionGenerator(registry: registry).generateExpressions(text).map(\.source)
    }
}
