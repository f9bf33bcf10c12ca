import DomainTestSupport
import XCTest

@testable import Chat

final class OfflineUserChangeUseCaseTests: XCTestCase {
    func test_changeUser_stopsThePreviousSessionClearsTheCacheAndRequestsTheNewUsersHistory() async throws {
        let service = OfflineChatServiceSpy()
        let cache = InMemoryOfflineHistoryCache(snapshot: OfflineHistorySnapshot(token: "alice", revision: "3", chats: []))
        let previous = OfflineSession(token: "alice", service: service, cache: cache)
        service.historyResults = [.success(OfflineHistoryPage(revision: "9", chats: [], messages: []))]

        let next = try await OfflineSession.changeUser(
            from: previous, to: "bob", makeSession: { OfflineSession(token: $0, service: service, cache: cache) }, cache: cache)

        XCTAssertTrue(previous.isStopped)
        XCTAssertEqual(next.token, "bob")
        XCTAssertEqual(service.messages, [.history(token: "bob", since: nil)])
        XCTAssertEqual(cache.load()?.token, "bob")
    }

    func test_changeUser_clearsThePreviousUsersCacheEvenWhenTheNewHistoryFails() async {
        let service = OfflineChatServiceSpy()
        let cache = InMemoryOfflineHistoryCache(snapshot: OfflineHistorySnapshot(token: "alice", revision: "3", chats: []))
        let previous = OfflineSession(token: "alice", service: service, cache: cache, wait: { _ in })
        service.historyResults = [.failure(SessionError.networkError)]

        do {
            _ = try await OfflineSession.changeUser(
                from: previous, to: "bob", makeSession: { OfflineSession(token: $0, service: service, cache: cache, wait: { _ in }) },
                cache: cache)
            XCTFail("expected the history request to fail")
        } catch {
            XCTAssertEqual(error, .networkError)
        }

        XCTAssertNil(cache.load())
        XCTAssertTrue(previous.isStopped)
    }
}
