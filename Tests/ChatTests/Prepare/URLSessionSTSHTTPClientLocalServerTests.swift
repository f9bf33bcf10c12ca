import HTTPTestSupport
import XCTest

@testable import Chat

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession adapter against a real HTTP server on 127.0.0.1 started by the test itself.
final class URLSessionSTSHTTPClientLocalServerTests: XCTestCase {
    func test_send_performsRequestWithMethodPathHeadersAndBody() async throws {
        let (sut, server) = try makeSUT()
        server.stub(method: "POST", path: "/sts/token", with: .json(#"{"token": "t"}"#))
        var request = URLRequest(url: server.url(path: "/sts/token"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"appId":"app-1"}"#.utf8)

        _ = try await sut.send(request)

        let received = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(received.method, "POST")
        XCTAssertEqual(received.path, "/sts/token")
        XCTAssertEqual(received.header("Content-Type"), "application/json")
        XCTAssertEqual(received.bodyText, #"{"appId":"app-1"}"#)
    }

    func test_send_deliversDataAndStatusCodeOnHTTPResponse() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/sts/metadata", with: .json(#"{"appId": "app-1"}"#, statusCode: 201))

        let (data, response) = try await sut.send(URLRequest(url: server.url(path: "/sts/metadata")))

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"appId": "app-1"}"#)
        XCTAssertEqual(response.statusCode, 201)
    }

    func test_send_deliversNon200ResponsesInsteadOfThrowing() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/sts/metadata", with: .respond(.text("down for maintenance", statusCode: 503)))

        let (data, response) = try await sut.send(URLRequest(url: server.url(path: "/sts/metadata")))

        XCTAssertEqual(response.statusCode, 503)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "down for maintenance")
    }

    func test_send_failsOnDroppedConnection() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/sts/metadata", with: .dropConnection)

        do {
            let (_, response) = try await sut.send(URLRequest(url: server.url(path: "/sts/metadata")))
            XCTFail("Expected a connection error, got status \(response.statusCode)")
        } catch {
            XCTAssertNotNil(error as? URLError, "Expected a URLError, got \(error)")
        }
    }

    func test_remoteClient_deliversMetadataAndTokenThroughURLSessionFromLocalServer() async throws {
        let (sut, server) = try makeSUT()
        server.stub(method: "GET", path: "/sts/metadata", with: .json(#"{"appId": "app-1"}"#))
        server.stub(method: "POST", path: "/sts/token", with: .json(#"{"token": "user-token"}"#))
        let client = RemoteSTSClient(baseURL: server.baseURL, client: sut)

        let metadata = try await client.requestMetadata()
        let token = try await client.requestToken(appId: metadata.appId)

        XCTAssertEqual(metadata, STSMetadata(appId: "app-1"))
        XCTAssertEqual(token, "user-token")
        XCTAssertEqual(server.requests.map(\.method), ["GET", "POST"])
        XCTAssertEqual(server.requests.map(\.path), ["/sts/metadata", "/sts/token"])
        XCTAssertEqual(server.requests.last?.bodyText, #"{"appId":"app-1"}"#)
    }

    func test_remoteClient_deliversInvalidDataThroughURLSessionOnServerError() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/sts/metadata", with: .status(500))
        let client = RemoteSTSClient(baseURL: server.baseURL, client: sut)

        do {
            let metadata = try await client.requestMetadata()
            XCTFail("Expected invalid data, got \(metadata)")
        } catch {
            XCTAssertEqual(error as? RemoteSTSClient.Error, .invalidData(statusCode: 500))
        }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> (URLSessionSTSHTTPClient, HTTPTestServer) {
        let server = HTTPTestServer()
        try server.start()
        addTeardownBlock { server.stop() }
        let sut = URLSessionSTSHTTPClient(session: URLSession(configuration: .ephemeral))
        addTeardownBlock { [weak sut] in
            XCTAssertNil(sut, "URLSessionSTSHTTPClient should have been deallocated", file: file, line: line)
        }
        return (sut, server)
    }
}
