import XCTest

@testable import Chat

final class UserDefaultsChatCredentialsStoreTests: XCTestCase {
    func test_retrieve_deliversNothingOnEmptyStore() {
        let sut = makeSUT()
        XCTAssertNil(sut.retrieveAppId())
        XCTAssertNil(sut.retrieveToken())
    }

    func test_retrieve_deliversLastInsertedValues() {
        let sut = makeSUT()

        sut.insert(appId: "app-1")
        sut.insert(appId: "app-2")
        sut.insert(token: "token-1")

        XCTAssertEqual(sut.retrieveAppId(), "app-2")
        XCTAssertEqual(sut.retrieveToken(), "token-1")
    }

    func test_delete_removesTheSavedValues() {
        let sut = makeSUT()
        sut.insert(appId: "app-1")
        sut.insert(token: "token-1")

        sut.deleteAppId()
        sut.deleteToken()

        XCTAssertNil(sut.retrieveAppId())
        XCTAssertNil(sut.retrieveToken())
    }

    func test_values_persistAcrossInstancesOnTheSameDefaults() {
        let suite = suiteName()
        UserDefaultsChatCredentialsStore(defaults: UserDefaults(suiteName: suite)!).insert(appId: "kept")

        XCTAssertEqual(UserDefaultsChatCredentialsStore(defaults: UserDefaults(suiteName: suite)!).retrieveAppId(), "kept")
    }

    private func makeSUT() -> UserDefaultsChatCredentialsStore {
        UserDefaultsChatCredentialsStore(defaults: UserDefaults(suiteName: suiteName())!)
    }

    private func suiteName() -> String {
        let name = "ChatTests.\(UUID().uuidString)"
        addTeardownBlock { UserDefaults().removePersistentDomain(forName: name) }
        return name
    }
}
