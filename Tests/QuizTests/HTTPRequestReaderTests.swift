import Foundation
import HTTPTestSupport
import XCTest

/// The test server's request parsing, fed byte chunks as a socket would deliver them.
final class HTTPRequestReaderTests: XCTestCase {
    func test_read_parsesRequestLineHeadersAndContentLengthBodySplitAcrossChunks() {
        let (sut, _) = makeSUT(chunks: ["POST /login?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-", "Length: 11\r\n\r\nhello", " world"])

        let request = sut.read()

        XCTAssertEqual(request?.method, "POST")
        XCTAssertEqual(request?.path, "/login")
        XCTAssertEqual(request?.queryItems, [URLQueryItem(name: "x", value: "1")])
        XCTAssertEqual(request?.header("content-length"), "11")
        XCTAssertEqual(request?.bodyText, "hello world")
    }

    func test_read_decodesChunkedBody() {
        let (sut, _) = makeSUT(chunks: [
            "PUT /up HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", "6;ext=1\r\n world\r\n0\r\n\r\n",
        ])

        XCTAssertEqual(sut.read()?.bodyText, "hello world")
    }

    func test_read_answersExpectContinueBeforeReadingTheBody() {
        let (sut, continues) = makeSUT(chunks: ["POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n", "ok"])

        XCTAssertEqual(sut.read()?.bodyText, "ok")
        XCTAssertEqual(continues.count, 1)
    }

    func test_read_deliversNilOnConnectionClosedBeforeTheEndOfTheHead() {
        let (sut, _) = makeSUT(chunks: ["GET / HTTP/1.1\r\nHost: x"])

        XCTAssertNil(sut.read())
    }

    func test_read_deliversNilOnTruncatedBody() {
        let (sut, _) = makeSUT(chunks: ["POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nshort"])

        XCTAssertNil(sut.read())
    }

    func test_serialized_writesStatusLineHeadersLengthAndBody() {
        let response = HTTPTestResponse(statusCode: 404, headers: ["X-Test": "1"], body: Data("nope".utf8))

        XCTAssertEqual(
            String(decoding: response.serialized, as: UTF8.self),
            "HTTP/1.1 404 Not Found\r\nX-Test: 1\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope"
        )
    }

    // MARK: Helpers

    private final class Feed {
        var chunks: [[UInt8]]
        init(_ chunks: [String]) { self.chunks = chunks.map { Array($0.utf8) } }
    }

    private func makeSUT(chunks: [String]) -> (HTTPRequestReader, ContinueLog) {
        let feed = Feed(chunks)
        let log = ContinueLog()
        let sut = HTTPRequestReader(
            receive: { feed.chunks.isEmpty ? nil : feed.chunks.removeFirst() },
            sendContinue: { log.count += 1 }
        )
        return (sut, log)
    }

    private final class ContinueLog {
        var count = 0
    }
}
