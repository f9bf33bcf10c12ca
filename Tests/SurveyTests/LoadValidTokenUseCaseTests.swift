import DomainTestSupport
import XCTest

@testable import Survey

/// The cached token while it is valid; otherwise one refresh (refresh_token grant), cached, shared by concurrent callers.
final class LoadValidTokenUseCaseTests: XCTestCase {
    func test_validToken_deliversCachedTokenWithoutRequestWhileItIsValid() async throws {
        let now = fixedDate()
        let cached = makeToken(expiryDate: now.addingTimeInterval(1))
        let (sut, client, _) = try await makeSUT(cached: cached, now: now)

        let token = try await sut.validToken()

        XCTAssertEqual(token, cached)
        let messages = await client.messages
        XCTAssertTrue(messages.isEmpty)
    }

    func test_validToken_refreshesWithCachedRefreshTokenOnExpiredToken() async throws {
        let now = fixedDate()
        let (sut, client, _) = try await makeSUT(cached: makeToken(refreshToken: "cached-refresh", expiryDate: now), now: now)
        await client.stub(statusCode: 200, data: makeTokenJSON(accessToken: "fresh", expiresIn: 7200))

        let token = try await sut.validToken()

        XCTAssertEqual(token.accessToken, "fresh")
        XCTAssertEqual(token.expiryDate, now.addingTimeInterval(7200))
        let body = await client.requests.first?.body
        XCTAssertEqual(jsonObject(body)?["grant_type"] as? String, "refresh_token")
        XCTAssertEqual(jsonObject(body)?["refresh_token"] as? String, "cached-refresh")
    }

    func test_validToken_cachesRefreshedToken() async throws {
        let now = fixedDate()
        let (sut, client, store) = try await makeSUT(cached: makeToken(expiryDate: now.addingTimeInterval(-1)), now: now)
        await client.stub(statusCode: 200, data: makeTokenJSON(accessToken: "fresh"))

        _ = try await sut.validToken()

        let cached = try await LocalTokenLoader(store: store).load()
        XCTAssertEqual(cached.accessToken, "fresh")
    }

    func test_validToken_deliversNotFoundErrorWithoutRequestOnEmptyCache() async throws {
        let (sut, client, _) = try await makeSUT(cached: nil, now: fixedDate())

        let error = await captureError { try await sut.validToken() }

        XCTAssertEqual(error as? LocalTokenLoader.Error, .notFound)
        let messages = await client.messages
        XCTAssertTrue(messages.isEmpty)
    }

    func test_validToken_deliversRefreshErrorAndKeepsExpiredTokenOnRefreshFailure() async throws {
        let now = fixedDate()
        let expired = makeToken(expiryDate: now)
        let (sut, client, store) = try await makeSUT(cached: expired, now: now)
        await client.stub(error: AnyError())

        let error = await captureError { try await sut.validToken() }

        XCTAssertEqual(error as? RemoteTokenLoader.Error, .connectivity)
        let cached = try await LocalTokenLoader(store: store).load()
        XCTAssertEqual(cached, expired)
    }

    func test_validToken_retriesRefreshOnNextCallAfterAFailure() async throws {
        let now = fixedDate()
        let (sut, client, _) = try await makeSUT(cached: makeToken(expiryDate: now), now: now)
        await client.stub(error: AnyError())
        await client.stub(statusCode: 200, data: makeTokenJSON(accessToken: "fresh"))

        _ = try? await sut.validToken()
        let token = try await sut.validToken()

        XCTAssertEqual(token.accessToken, "fresh")
        let count = await client.requests.count
        XCTAssertEqual(count, 2)
    }

    func test_validToken_refreshesExactlyOnceForConcurrentCallersOnExpiredToken() async throws {
        let now = fixedDate()
        let (sut, client, _) = try await makeProvider(cached: makeToken(expiryDate: now), now: now, client: SuspendingHTTPClient())
        let callers = 10

        let tokens = try await withThrowingTaskGroup(of: Token.self) { group in
            for _ in 0..<callers { group.addTask { try await sut.validToken() } }
            // Wait until every caller is inside validToken(), then answer every request that arrives.
            while await sut.waitingCallers < callers { await Task.yield() }
            let responder = Task {
                while !Task.isCancelled { await client.completeAll(data: makeTokenJSON(accessToken: "fresh")); await Task.yield() }
            }
            defer { responder.cancel() }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertEqual(tokens.count, callers)
        XCTAssertEqual(Set(tokens.map(\.accessToken)), ["fresh"])
        let requestCount = await client.requests.count
        XCTAssertEqual(requestCount, 1)
    }

    func test_validToken_deliversTheSameErrorToConcurrentCallersOnRefreshFailure() async throws {
        let now = fixedDate()
        let (sut, client, _) = try await makeProvider(cached: makeToken(expiryDate: now), now: now, client: SuspendingHTTPClient())
        let callers = 3

        let errors = await withTaskGroup(of: Error?.self) { group in
            for _ in 0..<callers { group.addTask { do { _ = try await sut.validToken(); return nil } catch { return error } } }
            while await sut.waitingCallers < callers { await Task.yield() }
            let responder = Task { while !Task.isCancelled { await client.completeAll(with: AnyError()); await Task.yield() } }
            defer { responder.cancel() }
            return await group.reduce(into: [Error?]()) { $0.append($1) }
        }

        XCTAssertEqual(errors.map { $0 as? RemoteTokenLoader.Error }, Array(repeating: .connectivity, count: callers))
        let requestCount = await client.requests.count
        XCTAssertEqual(requestCount, 1)
    }

    // MARK: - Helpers

    private func makeSUT(cached: Token?, now: Date) async throws -> (TokenProvider, HTTPClientSpy, InMemoryTokenStore) {
        let (sut, client, store) = try await makeProvider(cached: cached, now: now, client: HTTPClientSpy())
        trackForMemoryLeaks(sut)
        trackForMemoryLeaks(client)
        return (sut, client, store)
    }

    /// A provider over an in-memory cache holding `cached` and a remote loader sending through `client`.
    private func makeProvider<Client: HTTPClient>(cached: Token?, now: Date, client: Client) async throws -> (
        TokenProvider, Client, InMemoryTokenStore
    ) {
        let store = InMemoryTokenStore()
        if let cached { try await LocalTokenLoader(store: store).save(cached) }
        let sut = TokenProvider(
            cache: LocalTokenLoader(store: store),
            remote: RemoteTokenLoader(url: anyURL(), client: client, credentials: anyCredentials(), currentDate: { now }),
            currentDate: { now })
        return (sut, client, store)
    }
}
