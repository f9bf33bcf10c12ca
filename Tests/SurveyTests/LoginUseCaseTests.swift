import Survey
import XCTest

final class LoginUseCaseTests: XCTestCase {
    func test_init_doesNotSendAnyRequest() async {
        let (_, client) = makeSUT()

        let messages = await client.messages
        XCTAssertTrue(messages.isEmpty)
    }

    func test_login_postsPasswordGrantWithCredentialsToURL() async throws {
        let url = URL(string: "https://a-given.url/oauth/token")!
        let (sut, client) = makeSUT(url: url)
        await client.stub(statusCode: 200, data: makeTokenJSON())

        _ = try await sut.login(email: "user@example.com", password: "12345678")

        let requests = await client.requests
        XCTAssertEqual(requests.count, 1)
        XCTAssertEqual(requests.first?.method, .post)
        XCTAssertEqual(requests.first?.url, url)
        XCTAssertEqual(requests.first?.headers["Content-Type"], "application/json")
        XCTAssertEqual(
            jsonObject(requests.first?.body),
            [
                "grant_type": "password",
                "email": "user@example.com",
                "password": "12345678",
                "client_id": "client-id",
                "client_secret": "client-secret",
            ])
    }

    func test_login_sendsTheSameBytesEveryTimeAndEscapesSpecialCharacters() async throws {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: makeTokenJSON())
        await client.stub(statusCode: 200, data: makeTokenJSON())
        let password = #"p"a\ss/ wörd"#

        _ = try await sut.login(email: "user@example.com", password: password)
        _ = try await sut.login(email: "user@example.com", password: password)

        let bodies = await client.requests.map(\.body)
        XCTAssertEqual(bodies.count, 2)
        XCTAssertEqual(bodies.first, bodies.last)
        XCTAssertEqual(jsonObject(bodies.first ?? nil)?["password"] as? String, password)
        XCTAssertTrue(
            String(decoding: bodies.first.flatMap { $0 } ?? Data(), as: UTF8.self).hasPrefix(#"{"grant_type":"password","email":"#))
    }

    func test_login_deliversConnectivityErrorOnClientError() async {
        let (sut, client) = makeSUT()
        await client.stub(error: AnyError())

        let error = await captureError { try await sut.login(email: "a@b.c", password: "p") }

        XCTAssertEqual(error as? RemoteLoginService.Error, .connectivity)
    }

    func test_login_deliversInvalidCredentialsErrorOn400And401HTTPResponse() async {
        for code in [400, 401] {
            let (sut, client) = makeSUT()
            await client.stub(statusCode: code, data: Data(#"{"errors":[{"code":"invalid_grant"}]}"#.utf8))

            let error = await captureError { try await sut.login(email: "a@b.c", password: "wrong") }

            XCTAssertEqual(error as? RemoteLoginService.Error, .invalidCredentials, "for status \(code)")
        }
    }

    func test_login_deliversInvalidDataErrorOnOtherNon200HTTPResponse() async {
        for code in [199, 201, 300, 404, 500] {
            let (sut, client) = makeSUT()
            await client.stub(statusCode: code, data: makeTokenJSON())

            let error = await captureError { try await sut.login(email: "a@b.c", password: "p") }

            XCTAssertEqual(error as? RemoteLoginService.Error, .invalidData, "for status \(code)")
        }
    }

    func test_login_deliversInvalidDataErrorOn200HTTPResponseWithInvalidJSON() async {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: Data("invalid json".utf8))

        let error = await captureError { try await sut.login(email: "a@b.c", password: "p") }

        XCTAssertEqual(error as? RemoteLoginService.Error, .invalidData)
    }

    func test_login_deliversInvalidDataErrorOn200HTTPResponseWithMissingFields() async {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: Data(#"{"data": {"attributes": {"access_token": "a"}}}"#.utf8))

        let error = await captureError { try await sut.login(email: "a@b.c", password: "p") }

        XCTAssertEqual(error as? RemoteLoginService.Error, .invalidData)
    }

    func test_login_deliversTokenExpiringAtResponseTimePlusExpiresInOn200HTTPResponseWithValidJSON() async throws {
        let now = fixedDate()
        let (sut, client) = makeSUT(currentDate: { now })
        await client.stub(
            statusCode: 200, data: makeTokenJSON(accessToken: "abc", tokenType: "Bearer", refreshToken: "def", expiresIn: 7200))

        let token = try await sut.login(email: "a@b.c", password: "p")

        XCTAssertEqual(token, Token(accessToken: "abc", tokenType: "Bearer", refreshToken: "def", expiryDate: now.addingTimeInterval(7200)))
    }

    func test_login_doesNotLeakMemory() async throws {
        let (sut, client) = makeSUT()
        await client.stub(statusCode: 200, data: makeTokenJSON())

        _ = try await sut.login(email: "a@b.c", password: "p")

        trackForMemoryLeaks(sut)
    }

    // MARK: - Helpers

    private func makeSUT(url: URL = anyURL(), currentDate: @escaping @Sendable () -> Date = fixedDate) -> (
        RemoteLoginService, HTTPClientSpy
    ) {
        let client = HTTPClientSpy()
        let sut = RemoteLoginService(url: url, client: client, credentials: anyCredentials(), currentDate: currentDate)
        trackForMemoryLeaks(sut)
        return (sut, client)
    }
}
