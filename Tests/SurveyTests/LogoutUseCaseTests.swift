import DomainTestSupport
import Survey
import XCTest

final class LogoutUseCaseTests: XCTestCase {
    func test_logout_clearsCache() async throws {
        let store = TokenStoreSpy()
        let sut = LogoutService(store: store)

        try await sut.logout()

        let messages = await store.messages
        XCTAssertEqual(messages, [.delete])
    }

    func test_logout_deliversErrorOnDeletionError() async {
        let store = TokenStoreSpy()
        await store.stubDeletionError(AnyError())
        let sut = LogoutService(store: store)

        let error = await captureError { try await sut.logout() }

        XCTAssertEqual(error as? AnyError, AnyError())
    }

    func test_logout_leavesNoTokenToLoadAfterwards() async throws {
        let store = InMemoryTokenStore()
        try await LocalTokenLoader(store: store).save(makeToken())

        try await LogoutService(store: store).logout()

        let error = await captureError { try await LocalTokenLoader(store: store).load() }
        XCTAssertEqual(error as? LocalTokenLoader.Error, .notFound)
    }

    func test_logout_succeedsWhenNothingIsCached() async throws {
        let store = InMemoryTokenStore()

        try await LogoutService(store: store).logout()

        let data = try await store.retrieve()
        XCTAssertNil(data)
    }
}
