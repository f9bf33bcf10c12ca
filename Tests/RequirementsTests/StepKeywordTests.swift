import XCTest

@testable import Requirements

final class StepKeywordTests: XCTestCase {
    func test_read_acceptsNearMissesAsInexactOnTyposOfKeywords() {
        for (line, keyword) in [
            ("Giving the customer", StepKeyword.given), ("  Givn x", .given), ("Whn x", .when), ("Thne x", .then),
            ("given x", .given), ("AND x", .and),
        ] {
            XCTAssertEqual(StepKeyword.read(line[...])?.keyword, keyword, line)
        }
        XCTAssertEqual(StepKeyword.read("Giving the customer"[...])?.exact, false)
        XCTAssertEqual(StepKeyword.read("Giving the customer"[...])?.text, "the customer")
    }

    func test_read_refusesOrdinaryWordsOnProse() {
        for line in ["The message appears", "Thence", "As an online customer", "Where x", "// Given", ""] {
            XCTAssertNil(StepKeyword.read(line[...]), line)
        }
    }
}
