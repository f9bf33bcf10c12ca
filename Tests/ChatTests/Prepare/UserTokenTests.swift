import XCTest

@testable import Chat

final class UserTokenTests: XCTestCase {
    func test_expirationDate_readsExpClaimOfJWT() {
        let date = Date(timeIntervalSince1970: 1_700_000_123)
        XCTAssertEqual(UserToken.expirationDate(of: JWT.token(expiringAt: date)), date)
    }

    func test_expirationDate_isNilOnMalformedTokens() {
        for token in ["", "abc", "a.b", "a.%%%.c", "a.e30.c" /* {} has no exp */] {
            XCTAssertNil(UserToken.expirationDate(of: token), token)
        }
    }

    func test_isUsable_isFalseOnExpOnOrBeforeNow() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertFalse(UserToken.isUsable(JWT.token(expiringAt: now), now: now))
        XCTAssertFalse(UserToken.isUsable(JWT.token(expiringAt: now.addingTimeInterval(-60)), now: now))
        XCTAssertTrue(UserToken.isUsable(JWT.token(expiringAt: now.addingTimeInterval(1)), now: now))
    }
}
