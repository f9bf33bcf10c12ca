import TagExpressions
import XCTest

/// Every case of ../shared/conformance/tag-expressions: evaluations.json, parsing.json, errors.json.
final class TagExpressionConformanceTests: XCTestCase {
    private struct EvaluationCase: Decodable {
        struct Test: Decodable {
            let variables: [String]
            let result: Bool
        }
        let expression: String
        let tests: [Test]
    }

    private struct ParsingCase: Decodable {
        let expression: String
        let formatted: String
    }

    private struct ErrorCase: Decodable {
        let expression: String
        let error: String
    }

    func test_evaluate_matchesOfficialResultsOnEveryEvaluationsCase() throws {
        let cases = try SharedConformanceData.load([EvaluationCase].self, file: "evaluations.json")
        XCTAssertFalse(cases.isEmpty, "evaluations.json has no case")
        for testCase in cases {
            do {
                let expression = try TagExpression.parse(testCase.expression)
                for test in testCase.tests {
                    XCTAssertEqual(
                        expression.evaluate(test.variables), test.result,
                        "evaluations.json: \"\(testCase.expression)\" with tags \(test.variables)")
                }
            } catch {
                XCTFail("evaluations.json: \"\(testCase.expression)\" failed to parse: \(error)")
            }
        }
    }

    func test_description_rendersOfficialFormOnEveryParsingCase() throws {
        let cases = try SharedConformanceData.load([ParsingCase].self, file: "parsing.json")
        XCTAssertFalse(cases.isEmpty, "parsing.json has no case")
        for testCase in cases {
            do {
                let expression = try TagExpression.parse(testCase.expression)
                XCTAssertEqual(expression.description, testCase.formatted, "parsing.json: \"\(testCase.expression)\"")
                let reparsed = try TagExpression.parse(expression.description)
                XCTAssertEqual(reparsed, expression, "parsing.json: \"\(testCase.expression)\" does not survive a round trip")
            } catch {
                XCTFail("parsing.json: \"\(testCase.expression)\" failed to parse: \(error)")
            }
        }
    }

    func test_parse_throwsOfficialMessageOnEveryErrorsCase() throws {
        let cases = try SharedConformanceData.load([ErrorCase].self, file: "errors.json")
        XCTAssertFalse(cases.isEmpty, "errors.json has no case")
        for testCase in cases {
            XCTAssertThrowsError(try TagExpression.parse(testCase.expression), "errors.json: \"\(testCase.expression)\"") { error in
                XCTAssertEqual(
                    (error as? TagExpressionError)?.message, testCase.error,
                    "errors.json: \"\(testCase.expression)\"")
            }
        }
    }
}
