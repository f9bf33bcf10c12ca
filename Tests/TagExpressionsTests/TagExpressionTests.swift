import TagExpressions
import XCTest

/// Behaviour the conformance data does not show.
final class TagExpressionTests: XCTestCase {
    func test_evaluate_bindsNotTighterThanAndTighterThanOr() throws {
        let sut = try TagExpression.parse("@a or @b and not @c")

        XCTAssertTrue(sut.evaluate(["@a", "@c"]), "or must be the weakest operator")
        XCTAssertTrue(sut.evaluate(["@b"]))
        XCTAssertFalse(sut.evaluate(["@b", "@c"]))
        XCTAssertFalse(sut.evaluate([]))
    }

    func test_evaluate_acceptsLabelledTagsAndSets() throws {
        let sut = try TagExpression.parse("@smoke and not @wip")

        XCTAssertTrue(sut.evaluate(tags: ["@smoke"]))
        XCTAssertFalse(sut.evaluate(Set(["@smoke", "@wip"])))
    }

    func test_evaluate_answersAlikeForAFewTagsAndForMany() throws {
        let sut = try TagExpression.parse("@smoke and not @wip")
        let many = (0..<40).map { "@tag\($0)" }

        XCTAssertTrue(sut.evaluate(["@fast", "@smoke"]))
        XCTAssertFalse(sut.evaluate(["@wip", "@smoke"]))
        XCTAssertTrue(sut.evaluate(many + ["@smoke"]))
        XCTAssertFalse(sut.evaluate(many + ["@smoke", "@wip"]))
        XCTAssertFalse(sut.evaluate(many))
    }

    func test_evaluate_matchesTagsWithEscapedWhitespaceLiterally() throws {
        let sut = try TagExpression.parse("@with\\ space")

        XCTAssertTrue(sut.evaluate(["@with space"]))
        XCTAssertFalse(sut.evaluate(["@with"]))
        XCTAssertEqual(sut.description, "@with\\ space")
    }

    func test_parse_dropsTheEscapeOnBackslashEndingTheExpression() throws {
        let sut = try TagExpression.parse("@a and @b\\")

        XCTAssertEqual(sut.description, "( @a and @b )")
        XCTAssertTrue(sut.evaluate(["@a", "@b"]))
        XCTAssertEqual(try TagExpression.parse("\\").description, "")
        XCTAssertThrowsError(try TagExpression.parse("( @a\\")) { error in
            XCTAssertEqual(
                (error as? TagExpressionError)?.message,
                "Tag expression \"( @a\\\" could not be parsed because of syntax error: Unmatched (.")
        }
    }

    func test_errorDescription_isTheMessage() {
        XCTAssertThrowsError(try TagExpression.parse("@a and")) { error in
            XCTAssertEqual(
                error.localizedDescription,
                "Tag expression \"@a and\" could not be parsed because of syntax error: Expected operand.")
        }
    }
}
