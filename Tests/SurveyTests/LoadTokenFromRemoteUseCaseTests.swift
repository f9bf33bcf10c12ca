import Survey
import XCTest

final class LoadTokenFromRemoteUseCaseTests: XCTestCase {
    func test_init_doesNotSendAnyRequest() async {
        let (_, client) = makeSUT()

        let messages = await client.messages
        XCTAssertTrue(messages.isEmpty)
    }

    func test_load_postsRefreshTokenGrantWithClientCredentialsToURL() async throws {
        let url = URL(string: "https://a-given.url/oauth/token")!
        let (sut, client) = makeSUT(url: url)
        await client.stub(statusCode: 200, data: makeTokenJSON())

        _ = try await sut.load(refreshToken: "old-refresh")

        let requests = await client.requests
        XCTAssertEqual(requests.map(\.method), [.post])
        XCTAssertEqual(requests.map(\.url), [url])
        XCTAssertEqual(
            jsonObject(requests.first?.body),
            [
                "grant_type": "refresh_token",
                "refresh_token": "old-refresh",
                "client_id": "client-id",
                "client_secret": "client-secret",
            ])
    }

    func test_load_deliversConnectivityErrorOnClientError() async {
        let (sut, client) = makeSUT()
        await client.stub(error: AnyError())

        let error = await captureError { try await sut.load(refreshToken: "r") }

        XCTAssertEqual(error as? RemoteTokenLoader.Error, .connectivity)
    }

    func test_load_deliversInvalidDataErrorOnNon200HTTPResponse() async {
        for code in [199, 201, 300, 400, 401, 500] {
            let (sut, client) = makeSUT()
            await client.stub(statusCode: code, data: makeTokenJSON())

            let error = await captureError { try await sut.load(refreshToken: "r") }

            XCTAssertEqual(error as? RemoteTokenLoader.Error, .invalidData, "for status \(code)")
        }
    }

    func test_load_deliversInvalidDataErrorOn200HTTPResponseWithInvalidJSON() async {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: Data("{}".utf8))

        let error = await captureError { try await sut.load(refreshToken: "r") }

        XCTAssertEqual(error as? RemoteTokenLoader.Error, .invalidData)
    }

    func test_load_deliversInvalidDataErrorOn200HTTPResponseWithNegativeExpiresIn() async {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: makeTokenJSON(expiresIn: -1))

        let error = await captureError { try await sut.load(refreshToken: "r") }

        XCTAssertEqual(error as? RemoteTokenLoader.Error, .invalidData)
    }

    func test_load_deliversNewTokenOn200HTTPResponseWithValidJSON() async throws {
        let now = fixedDate()
        let (sut, client) = makeSUT(currentDate: { now })
        await client.stub(statusCode: 200, data: makeTokenJSON(accessToken: "new", refreshToken: "new-refresh", expiresIn: 60))

        let token = try await sut.load(refreshToken: "old")

        XCTAssertEqual(
            token, Token(accessToken: "new", tokenType: "Bearer", refreshToken: "new-refresh", expiryDate: now.addingTimeInterval(60)))
    }

    // MARK: - Helpers

    private func makeSUT(url: URL = anyURL(), currentDate: @escaping @Sendable () -> Date = fixedDate) -> (RemoteTokenLoader, HTTPClientSpy)
    {
        let client = HTTPClientSpy()
        let sut = RemoteTokenLoader(url: url, client: client, credentials: anyCredentials(), currentDate: currentDate)
        trackForMemoryLeaks(sut)
        trackForMemoryLeaks(client)
        return (sut, client)
    }
}
