import Foundation
import HTTPTestSupport
import Quiz
import XCTest

/// Runs the real `URLSession` against a real HTTP server on 127.0.0.1.
final class URLSessionHTTPClientTests: XCTestCase {
    func test_getFromURL_performsGETRequestWithURL() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/question", with: .status(200))

        _ = try await sut.get(from: server.url(path: "/question"))

        XCTAssertEqual(server.requests.map(\.method), ["GET"])
        XCTAssertEqual(server.requests.map(\.path), ["/question"])
    }

    func test_getFromURL_deliversStatusCodeAndBodyOnHTTPResponse() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/question", with: .json(#"{"question":"Q?","answer":["a"]}"#))

        let response = try await sut.get(from: server.url(path: "/question"))

        XCTAssertEqual(response, HTTPResponse(statusCode: 200, body: Data(#"{"question":"Q?","answer":["a"]}"#.utf8)))
    }

    func test_getFromURL_deliversNon200ResponseWithItsBody() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/question", with: .respond(.text("down for maintenance", statusCode: 503)))

        let response = try await sut.get(from: server.url(path: "/question"))

        XCTAssertEqual(response, HTTPResponse(statusCode: 503, body: Data("down for maintenance".utf8)))
    }

    func test_getFromURL_deliversEmptyBodyOnResponseWithoutBody() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/question", with: .status(204))

        let response = try await sut.get(from: server.url(path: "/question"))

        XCTAssertEqual(response, HTTPResponse(statusCode: 204, body: Data()))
    }

    func test_getFromURL_failsOnConnectionRefused() async throws {
        let sut = URLSessionHTTPClient()
        let url = try HTTPTestServer.unreachableURL(path: "/question")

        await assertThrows(try await sut.get(from: url))
    }

    func test_getFromURL_failsOnDroppedConnection() async throws {
        let (sut, server) = try makeSUT()
        server.stub(path: "/question", with: .dropConnection)

        await assertThrows(try await sut.get(from: server.url(path: "/question")))
    }

    func test_loadQuestion_deliversSeedQuestionFromRealServer() async throws {
        let (sut, server) = try makeSUT()
        server.stub(
            method: "GET", path: "/quiz", with: .json(#"{"question": "What are all the java keywords?", "answer": ["abstract", "assert"]}"#)
        )
        let loader = RemoteQuestionLoader(url: server.url(path: "/quiz"), client: sut)

        let question = try await loader.load()

        XCTAssertEqual(question, Question(text: "What are all the java keywords?", answers: ["abstract", "assert"]))
    }

    func test_loadQuestion_deliversConnectivityErrorWhenServerIsUnreachable() async throws {
        let loader = RemoteQuestionLoader(url: try HTTPTestServer.unreachableURL(), client: URLSessionHTTPClient())

        do {
            _ = try await loader.load()
            XCTFail("Expected a connectivity error")
        } catch {
            XCTAssertEqual(error as? RemoteQuestionLoader.Error, .connectivity)
        }
    }

    // MARK: Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> (URLSessionHTTPClient, HTTPTestServer) {
        let server = HTTPTestServer()
        try server.start()
        addTeardownBlock { server.stop() }
        let sut = URLSessionHTTPClient()
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, server)
    }

    private func assertThrows<T>(_ expression: @autoclosure () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async
    {
        do {
            _ = try await expression()
            XCTFail("Expected an error", file: file, line: line)
        } catch {}
    }
}
