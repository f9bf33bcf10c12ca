import CucumberExpressions
import XCTest

final class ExpressionFactoryTests: XCTestCase {
    func test_createExpression_makesRegularExpressionOnAnchors() throws {
        let sut = ExpressionFactory(registry: ParameterTypeRegistry())

        XCTAssertTrue(try sut.createExpression("^I have (\\d+) cukes$") is RegularExpression)
        XCTAssertTrue(try sut.createExpression("I have (\\d+) cukes$") is RegularExpression)
        XCTAssertTrue(try sut.createExpression("^I have") is RegularExpression)
        XCTAssertEqual(try sut.createExpression("/a (b)/").regexp, "a (b)")
    }

    func test_createExpression_makesCucumberExpressionOtherwise() throws {
        let sut = ExpressionFactory(registry: ParameterTypeRegistry())
        let expression = try sut.createExpression("I have {int} cuke(s)")

        XCTAssertTrue(expression is CucumberExpression)
        XCTAssertEqual(expression.source, "I have {int} cuke(s)")
        XCTAssertEqual(try expression.match("I have 1 cuke")?.first?.value() as? Int, 1)
    }
}
