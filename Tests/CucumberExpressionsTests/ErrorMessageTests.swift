import CucumberExpressions
import XCTest

/// Error pointers on multi-byte expressions and errors that the conformance data does not show.
final class ErrorMessageTests: XCTestCase {
    func test_init_pointsAtScalarColumnOnMultiByteExpression() {
        XCTAssertThrowsError(try CucumberExpression("😀 ({int})", registry: ParameterTypeRegistry())) { error in
            XCTAssertEqual(
                (error as? CucumberExpressionError)?.message,
                """
                This Cucumber Expression has a problem at column 4:

                😀 ({int})
                   ^---^
                An optional may not contain a parameter type.
                If you did not mean to use an parameter type you can use '\\{' to escape the '{'
                """)
        }
    }

    func test_localizedDescription_isTheMessage() {
        XCTAssertThrowsError(try CucumberExpression("{", registry: ParameterTypeRegistry())) { error in
            XCTAssertTrue(error.localizedDescription.hasPrefix("This Cucumber Expression has a problem at column 1:"))
        }
    }

    func test_ast_isAvailableOnTheExpression() throws {
        let sut = try CucumberExpression("a/b (c)", registry: ParameterTypeRegistry())

        XCTAssertEqual(sut.ast.nodes.map(\.type), [.alternation, .text, .optional])
        XCTAssertEqual(sut.ast.nodes[2].text, "c")
    }
}
