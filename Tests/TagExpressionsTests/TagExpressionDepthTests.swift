import XCTest

@testable import TagExpressions

/// A tag expression nested deeper than the tree can be walked (evaluated, printed, freed: each recurses once per
/// level) is refused with one line, never a stack overflow. Found by a hostile sweep: a million `not`s in a profile's
/// `tags` crashed the worker with SIGSEGV while it loaded the features (with `--no-isolation`, specrun itself).
final class TagExpressionDepthTests: XCTestCase {
    func test_parse_refusesInOneLineAMillionNots() {
        let source = String(repeating: "not ", count: 1_000_000) + "@a"

        XCTAssertThrowsError(try TagExpression.parse(source)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("nested deeper than 10000 levels"), message)
            XCTAssertLessThan(message.count, 300, "the expression is shortened in the message")
        }
    }

    func test_parse_refusesAChainOfAndsDeeperThanTheLimit() {
        let source = Array(repeating: "@a", count: TagExpressionParser.maximumDepth + 2).joined(separator: " and ")

        XCTAssertThrowsError(try TagExpression.parse(source))
    }

    func test_evaluate_matchesAChainOfTenThousandTagsJoinedByOr() throws {
        let tags = (1..<TagExpressionParser.maximumDepth).map { "@t\($0)" }
        let sut = try TagExpression.parse(tags.joined(separator: " or "))

        XCTAssertTrue(sut.evaluate(["@t9000"]))
        XCTAssertFalse(sut.evaluate(["@other"]))
    }

    func test_parse_acceptsAMillionParenthesesAroundOneTag() throws {
        let source = String(repeating: "(", count: 1_000_000) + "@a" + String(repeating: ")", count: 1_000_000)

        XCTAssertTrue(try TagExpression.parse(source).evaluate(["@a"]))
    }
}
