import Foundation
import HTTPTestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class HTTPTestServerTests: XCTestCase {
    func test_get_deliversStubbedResponseOnMatchingPath() async throws {
        let sut = try makeSUT()
        sut.stub(method: "GET", path: "/question", with: .json(#"{"ok":true}"#, statusCode: 201))

        let (data, response) = try await fetch(sut.url(path: "/question"))

        XCTAssertEqual(response.statusCode, 201)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok":true}"#)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Type"), "application/json")
    }

    func test_get_delivers404OnUnstubbedPath() async throws {
        let sut = try makeSUT()

        let (_, response) = try await fetch(sut.url(path: "/nothing"))

        XCTAssertEqual(response.statusCode, 404)
    }

    func test_get_recordsMethodPathAndQueryItems() async throws {
        let sut = try makeSUT()
        var components = URLComponents(url: sut.url(path: "/surveys"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "page[number]", value: "2"), URLQueryItem(name: "page[size]", value: "10")]

        _ = try await fetch(components.url!)

        XCTAssertEqual(sut.requests.map(\.method), ["GET"])
        XCTAssertEqual(sut.requests.map(\.path), ["/surveys"])
        XCTAssertEqual(sut.requests.first?.queryItems, components.queryItems)
    }

    func test_post_recordsBodyAndHeaders() async throws {
        let sut = try makeSUT()
        sut.stub(method: "POST", path: "/oauth/token", with: .status(200))
        var request = URLRequest(url: sut.url(path: "/oauth/token"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("grant_type=password&email=a%40b.com&password=p+w".utf8)

        _ = try await Self.fetch(request)

        let received = try XCTUnwrap(sut.requests.first)
        XCTAssertEqual(received.method, "POST")
        XCTAssertEqual(received.header("content-type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(received.formFields, ["grant_type": "password", "email": "a@b.com", "password": "p w"])
    }

    func test_post_recordsLargeBodyCompletely() async throws {
        let sut = try makeSUT()
        sut.respondToEveryRequest(with: .status(204))
        let body = Data((0..<200_000).map { UInt8($0 % 251) })
        var request = URLRequest(url: sut.url(path: "/upload"))
        request.httpMethod = "POST"
        request.httpBody = body

        let (_, response) = try await Self.fetch(request)

        XCTAssertEqual(response.statusCode, 204)
        XCTAssertEqual(sut.requests.first?.body, body)
    }

    func test_get_failsWithNetworkErrorOnDroppedConnection() async throws {
        let sut = try makeSUT()
        sut.respondToEveryRequest(with: .dropConnection)

        do {
            _ = try await fetch(sut.url(path: "/any"))
            XCTFail("Expected a network error")
        } catch {
            XCTAssertEqual(sut.requests.count, 1)
        }
    }

    func test_get_failsOnUnreachableURL() async throws {
        let url = try HTTPTestServer.unreachableURL(path: "/question")

        do {
            _ = try await fetch(url)
            XCTFail("Expected a connection error")
        } catch {}
    }

    func test_concurrentRequests_areAllServed() async throws {
        let sut = try makeSUT()
        sut.stub(path: "/ping", with: .json("pong"))
        let url = sut.url(path: "/ping")

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await Self.fetch(URLRequest(url: url)).1.statusCode } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        XCTAssertEqual(statuses, Array(repeating: 200, count: 8))
        XCTAssertEqual(sut.requests.count, 8)
    }

    func test_stop_releasesThePort() async throws {
        let sut = try makeSUT()
        let url = sut.url(path: "/ping")
        sut.stop()

        XCTAssertFalse(sut.isRunning)
        do {
            _ = try await fetch(url)
            XCTFail("Expected a connection error after stop")
        } catch {}
    }

    func test_deinit_stopsAServerThatWasNotStopped() throws {
        var sut: HTTPTestServer? = HTTPTestServer()
        try sut?.start()
        weak let weakSUT = sut

        sut = nil

        XCTAssertNil(weakSUT)
    }

    // MARK: Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> HTTPTestServer {
        let sut = HTTPTestServer()
        try sut.start()
        addTeardownBlock { [weak sut] in
            sut?.stop()
        }
        return sut
    }

    private func fetch(_ url: URL) async throws -> (Data, HTTPURLResponse) {
        try await Self.fetch(URLRequest(url: url))
    }

    private static func fetch(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return (data, response as! HTTPURLResponse)
    }
}
