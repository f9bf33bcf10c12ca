import CucumberExpressions
import XCTest

/// Every case of ../shared/conformance/cucumber-expressions/regular-expression/matching.
final class RegularExpressionConformanceTests: XCTestCase {
    private struct MatchingCase: Decodable {
        let expression: String
        let text: String
        let expected_args: [JSONValue]?
    }

    func test_match_givesOfficialArgumentsOnEveryRegularExpressionCase() throws {
        let cases = try ConformanceData.cases(MatchingCase.self, in: "regular-expression/matching")
        XCTAssertFalse(cases.isEmpty, "no regular-expression case found")
        for (file, testCase) in cases {
            let context = "\(file): /\(testCase.expression)/ against \"\(testCase.text)\""
            do {
                let sut = try RegularExpression(testCase.expression, registry: ParameterTypeRegistry())
                let values = try sut.match(testCase.text)?.map { try $0.value() }
                assertArguments(values, testCase.expected_args, context)
            } catch {
                XCTFail("\(context): unexpected error \(message(of: error))")
            }
        }
    }
}
