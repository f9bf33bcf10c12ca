import Foundation
import TagExpressions
import XCTest

/// The Swift side of tools/differential: when `SPECRUN_DIFFERENTIAL_TAG_CASES` names a JSON file of cases
/// (`[{"expression": "a and b", "variables": [["a"], ["a", "b"]]}]`), writes what this parser makes of each to
/// `SPECRUN_DIFFERENTIAL_RESULTS`: `{"formatted": …, "results": [Bool]}` or `{"error": message}`. Skips otherwise.
final class DifferentialCasesTests: XCTestCase {
    private struct Case: Decodable {
        let expression: String
        let variables: [[String]]
    }

    private struct Result: Encodable {
        var formatted: String?
        var results: [Bool]?
        var error: String?
    }

    func test_differentialCases_writesResultsWhenNamed() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let input = environment["SPECRUN_DIFFERENTIAL_TAG_CASES"],
            let output = environment["SPECRUN_DIFFERENTIAL_RESULTS"]
        else { throw XCTSkip("SPECRUN_DIFFERENTIAL_TAG_CASES is not set: run by tools/differential only") }
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: URL(fileURLWithPath: input)))
        let results = cases.map { testCase -> Result in
            do {
                let expression = try TagExpression.parse(testCase.expression)
                return Result(formatted: expression.description, results: testCase.variables.map { expression.evaluate($0) })
            } catch {
                return Result(error: (error as? TagExpressionError)?.message ?? "\(error)")
            }
        }
        try JSONEncoder().encode(results).write(to: URL(fileURLWithPath: output))
    }
}
