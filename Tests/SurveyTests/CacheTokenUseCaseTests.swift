import Survey
import XCTest

final class CacheTokenUseCaseTests: XCTestCase {
    func test_save_deletesOldCacheThenInsertsEncodedToken() async throws {
        let (sut, store) = makeSUT()

        try await sut.save(makeToken())

        let messages = await store.messages
        XCTAssertEqual(messages.count, 2)
        XCTAssertEqual(messages.first, .delete)
        guard case let .insert(data) = messages.last else { return XCTFail("Expected an insertion, got \(messages)") }
        XCTAssertEqual(jsonObject(data)?["access_token"] as? String, "access")
    }

    func test_save_doesNotInsertOnDeletionError() async {
        let (sut, store) = makeSUT()
        await store.stubDeletionError(AnyError())

        _ = try? await sut.save(makeToken())

        let messages = await store.messages
        XCTAssertEqual(messages, [.delete])
    }

    func test_save_deliversErrorOnDeletionError() async {
        let (sut, store) = makeSUT()
        await store.stubDeletionError(AnyError())

        let error = await captureError { try await sut.save(makeToken()) }

        XCTAssertEqual(error as? AnyError, AnyError())
    }

    func test_save_deliversErrorOnInsertionError() async {
        let (sut, store) = makeSUT()
        await store.stubInsertionError(AnyError())

        let error = await captureError { try await sut.save(makeToken()) }

        XCTAssertEqual(error as? AnyError, AnyError())
    }

    func test_save_succeedsOnSuccessfulInsertion() async {
        let (sut, _) = makeSUT()

        do {
            try await sut.save(makeToken())
        } catch {
            XCTFail("Expected success, got \(error)")
        }
    }

    // MARK: - Helpers

    private func makeSUT() -> (LocalTokenLoader, TokenStoreSpy) {
        let store = TokenStoreSpy()
        trackForMemoryLeaks(store)
        return (LocalTokenLoader(store: store), store)
    }
}
