import HTTPTestSupport
import Survey
import XCTest

/// Against a real HTTP server on 127.0.0.1 started by the test itself.
final class URLSessionHTTPClientTests: XCTestCase {
    func test_send_performsRequestWithMethodURLHeadersAndBody() async throws {
        let server = try makeServer()
        server.stub(method: "POST", path: "/oauth/token", with: .json("{}"))
        let url = server.url(path: "/oauth/token")

        _ = try await makeSUT().send(
            HTTPRequest(method: .post, url: url, headers: ["Content-Type": "application/json"], body: Data(#"{"a":"b"}"#.utf8)))

        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/oauth/token")
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.bodyText, #"{"a":"b"}"#)
    }

    func test_send_sendsPageQueryItemsOfTheURL() async throws {
        let server = try makeServer()
        server.stub(method: "GET", path: "/api/v1/surveys", with: .json(#"{"data": []}"#))
        let loader = RemoteSurveysLoader(url: server.url(path: "/api/v1/surveys"), client: makeSUT())

        let items = try await loader.load(page: 3, size: 4)

        XCTAssertEqual(items, [])
        let query = server.requests.first?.queryItems ?? []
        XCTAssertEqual(query.first { $0.name == "page[number]" }?.value, "3")
        XCTAssertEqual(query.first { $0.name == "page[size]" }?.value, "4")
    }

    func test_send_deliversDataAndStatusCodeOnHTTPResponse() async throws {
        let server = try makeServer()
        server.stub(path: "/any", with: .json(#"{"ok": true}"#, statusCode: 201))

        let (data, response) = try await makeSUT().send(HTTPRequest(method: .get, url: server.url(path: "/any")))

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok": true}"#)
        XCTAssertEqual(response.statusCode, 201)
    }

    func test_send_deliversNon200ResponsesInsteadOfThrowing() async throws {
        let server = try makeServer()
        server.stub(path: "/missing", with: .status(404))

        let (_, response) = try await makeSUT().send(HTTPRequest(method: .get, url: server.url(path: "/missing")))

        XCTAssertEqual(response.statusCode, 404)
    }

    func test_send_deliversConnectivityErrorOnUnreachableServer() async throws {
        let url = try HTTPTestServer.unreachableURL(path: "/oauth/token")

        let error = await captureError { try await self.makeSUT().send(HTTPRequest(method: .get, url: url)) }

        guard case .connectivity? = error as? URLSessionHTTPClient.Error else {
            return XCTFail("Expected connectivity error, got \(String(describing: error))")
        }
    }

    func test_send_deliversConnectivityErrorOnDroppedConnection() async throws {
        let server = try makeServer()
        server.stub(path: "/drop", with: .dropConnection)

        let error = await captureError { try await self.makeSUT().send(HTTPRequest(method: .get, url: server.url(path: "/drop"))) }

        guard case .connectivity? = error as? URLSessionHTTPClient.Error else {
            return XCTFail("Expected connectivity error, got \(String(describing: error))")
        }
    }

    func test_login_endToEndAgainstLocalServerDeliversToken() async throws {
        let server = try makeServer()
        server.stub(
            method: "POST", path: "/api/v1/oauth/token",
            with: .respond(.json(String(decoding: makeTokenJSON(accessToken: "live"), as: UTF8.self))))
        let sut = RemoteLoginService(
            url: server.url(path: "/api/v1/oauth/token"), client: makeSUT(), credentials: anyCredentials(), currentDate: fixedDate)

        let token = try await sut.login(email: "dev@nimblehq.co", password: "12345678")

        XCTAssertEqual(token.accessToken, "live")
        XCTAssertEqual(jsonObject(server.requests.first?.body)?["email"] as? String, "dev@nimblehq.co")
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> URLSessionHTTPClient {
        let sut = URLSessionHTTPClient()
        trackForMemoryLeaks(sut, file: file, line: line)
        return sut
    }

    private func makeServer() throws -> HTTPTestServer {
        let server = HTTPTestServer()
        try server.start()
        addTeardownBlock { server.stop() }
        return server
    }
}
