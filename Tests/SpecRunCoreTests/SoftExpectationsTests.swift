import SpecRunCore
import XCTest

final class SoftExpectationsTests: XCTestCase {
    func test_softly_reportsEveryFailedCheckWithItsLineInOneFailure() {
        XCTAssertThrowsError(
            try softly { check in
                check.expect(1, equals: 2, "score")
                check.expect(true)
                check.expect(false, "can restart")
            }
        ) { error in
            let failure = error as? ExpectationFailure
            XCTAssertTrue(failure?.message.hasPrefix("2 expectations failed:\n- score: expected 2, got 1 (") ?? false, "\(error)")
            XCTAssertTrue(failure?.message.contains("- can restart (") ?? false, "\(error)")
        }
    }

    func test_softly_passesWhenEveryCheckPassesAndThrowsASingleFailureAsItIs() throws {
        try softly { check in check.expect(1, equals: 1) }
        XCTAssertThrowsError(try softly { check in check.expectNil(3, "nothing") }) { error in
            XCTAssertEqual((error as? ExpectationFailure)?.message, "nothing: expected nil, got 3")
        }
    }
}
