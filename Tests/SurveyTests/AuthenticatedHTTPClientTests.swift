import DomainTestSupport
import Survey
import XCTest

final class AuthenticatedHTTPClientTests: XCTestCase {
    func test_send_addsAuthorizationHeaderOfTheValidToken() async throws {
        let (sut, client) = try await makeSUT(cached: makeToken(accessToken: "abc"))
        let request = HTTPRequest(method: .get, url: anyURL(), headers: ["Accept": "application/json"])

        _ = try await sut.send(request)

        let sent = await client.requests
        XCTAssertEqual(
            sent, [HTTPRequest(method: .get, url: anyURL(), headers: ["Accept": "application/json", "Authorization": "Bearer abc"])])
    }

    func test_send_deliversTokenErrorWithoutSendingOnMissingToken() async throws {
        let (sut, client) = try await makeSUT(cached: nil)

        let error = await captureError { try await sut.send(HTTPRequest(method: .get, url: anyURL())) }

        XCTAssertEqual((error as? AuthorizationError)?.underlying as? LocalTokenLoader.Error, .notFound)
        let sent = await client.requests
        XCTAssertEqual(sent, [])
    }

    func test_send_deliversDecorateeResponse() async throws {
        let (sut, client) = try await makeSUT(cached: makeToken())
        await client.stub(statusCode: 201, data: anyData())

        let (data, response) = try await sut.send(HTTPRequest(method: .get, url: anyURL()))

        XCTAssertEqual(data, anyData())
        XCTAssertEqual(response.statusCode, 201)
    }

    private func makeSUT(cached: Token?) async throws -> (AuthenticatedHTTPClient, HTTPClientSpy) {
        let store = InMemoryTokenStore()
        if let cached { try await LocalTokenLoader(store: store).save(cached) }
        let client = HTTPClientSpy()
        let provider = TokenProvider(
            cache: LocalTokenLoader(store: store),
            remote: RemoteTokenLoader(url: anyURL(), client: HTTPClientSpy(), credentials: anyCredentials(), currentDate: fixedDate),
            currentDate: fixedDate)
        let sut = AuthenticatedHTTPClient(decoratee: client, tokenProvider: provider)
        trackForMemoryLeaks(sut)
        trackForMemoryLeaks(provider)
        return (sut, client)
    }
}
