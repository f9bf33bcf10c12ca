import DomainTestSupport
import Survey
import XCTest

final class LoadTokenFromCacheUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStore() async {
        let (_, store) = makeSUT()

        let messages = await store.messages
        XCTAssertEqual(messages, [])
    }

    func test_load_requestsCacheRetrieval() async {
        let (sut, store) = makeSUT()

        _ = try? await sut.load()

        let messages = await store.messages
        XCTAssertEqual(messages, [.retrieve])
    }

    func test_load_deliversRetrievalErrorOnRetrievalError() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(.failure(AnyError()))

        let error = await captureError { try await sut.load() }

        XCTAssertEqual(error as? AnyError, AnyError())
    }

    func test_load_deliversNotFoundErrorOnEmptyCache() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(.success(nil))

        let error = await captureError { try await sut.load() }

        XCTAssertEqual(error as? LocalTokenLoader.Error, .notFound)
    }

    func test_load_deliversInvalidDataErrorOnUndecodableCache() async {
        let (sut, store) = makeSUT()
        await store.stubRetrieval(.success(Data("not a token".utf8)))

        let error = await captureError { try await sut.load() }

        XCTAssertEqual(error as? LocalTokenLoader.Error, .invalidData)
    }

    func test_load_deliversCachedTokenOnValidCache() async throws {
        let token = makeToken()
        let store = InMemoryTokenStore()
        try await LocalTokenLoader(store: store).save(token)
        let sut = LocalTokenLoader(store: store)

        let loaded = try await sut.load()

        XCTAssertEqual(loaded, token)
    }

    func test_load_deliversLastSavedToken() async throws {
        let store = InMemoryTokenStore()
        let sut = LocalTokenLoader(store: store)
        try await sut.save(makeToken(accessToken: "first"))
        try await sut.save(makeToken(accessToken: "last"))

        let loaded = try await sut.load()

        XCTAssertEqual(loaded.accessToken, "last")
    }

    // MARK: - Helpers

    private func makeSUT() -> (LocalTokenLoader, TokenStoreSpy) {
        let store = TokenStoreSpy()
        trackForMemoryLeaks(store)
        return (LocalTokenLoader(store: store), store)
    }
}
