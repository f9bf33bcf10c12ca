import Foundation
import XCTest

@testable import SpecRunEditor

/// The language server resynchronises on the next well-framed message after a badly framed one: each bad frame
/// is one `invalid` frame (answered with a parse error), and the message after it is read whole.
final class LSPFramingResyncTests: XCTestCase {
    private let good = LSPFramingResyncTests.frame(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#)

    func test_next_readsTheNextMessageAfterGarbageBytesBeforeAHeader() {
        assertResynchronises(after: Data("garbage \u{1}\u{FF} bytes".utf8))
    }

    func test_next_readsTheNextMessageAfterAContentLengthThatIsNotANumber() {
        assertResynchronises(after: Data("Content-Length: ten\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}".utf8))
    }

    func test_next_readsTheNextMessageAfterANegativeOrHugeContentLength() {
        assertResynchronises(after: Data("Content-Length: -5\r\n\r\n{}".utf8))
        assertResynchronises(after: Data("Content-Length: 99999999999999999999\r\n\r\n{}".utf8))
    }

    func test_next_readsTheNextMessageAfterAContentLengthLongerThanItsMessage() {
        // Without the check the reader waits for 500 bytes that never come, and every later message is lost.
        assertResynchronises(after: Self.frame(#"{"jsonrpc":"2.0","method":"x"}"#, length: 500))
    }

    func test_next_readsTheNextMessageAfterAContentLengthShorterThanItsMessage() {
        assertResynchronises(after: Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#, length: 10), expectingBodies: 1)
    }

    func test_next_readsTheNextMessageAfterAHeaderWithoutItsBlankLine() {
        assertResynchronises(after: Data("Content-Length: 30\r\n{\"jsonrpc\":\"2.0\",\"method\":\"x\"}".utf8))
    }

    func test_next_readsTheNextMessageAfterTwoContentLengths() {
        assertResynchronises(after: Data("Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8))
    }

    func test_next_readsAMessageWhoseTextContainsAHeaderAsOneMessage() {
        let body = #"{"jsonrpc":"2.0","method":"x","params":{"text":"}Content-Length: 5\r\n\r\n{}"}}"#
        var reader = LSPFrameReader()
        reader.append(Self.frame(body) + good)
        XCTAssertEqual(reader.next(), .body(Data(body.utf8)))
        XCTAssertEqual(reader.next(), .body(Data(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8)))
        XCTAssertNil(reader.next())
    }

    func test_next_acceptsOtherHeaderFieldsAndBlankLinesBetweenMessages() {
        var reader = LSPFrameReader()
        reader.append(Data("\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8) + good)
        XCTAssertEqual(reader.next(), .body(Data(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8)))
    }

    func test_next_resynchronisesWhateverTheSplitOfTheBytes() {
        let input = Self.frame(#"{"jsonrpc":"2.0","method":"x"}"#, length: 200) + good + Data("junk".utf8) + good
        for size in [1, 2, 7, 64] {
            var reader = LSPFrameReader()
            var bodies: [Data] = []
            var start = 0
            while start < input.count {
                reader.append(input[start..<min(start + size, input.count)])
                start += size
                while let frame = reader.next() { if case .body(let body) = frame { bodies.append(body) } }
            }
            XCTAssertEqual(bodies, Array(repeating: Data(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8), count: 2), "chunks of \(size)")
        }
    }

    func test_lsp_answersEachBadFrameAndThenTheNextRequestOverStdin() throws {
        let hostile =
            Data("garbage".utf8) + Self.frame(#"{"jsonrpc":"2.0","method":"x"}"#, length: 400)
            + Data("Content-Length: 12\r\n{\"a\":1}".utf8)
        let messages = try LSPTestSession.exchange(
            executable: try fixtureExecutable(),
            [
                LSPTestSession.request(1, "initialize"),
                LSPTestSession.request(2, "shutdown"), ["jsonrpc": "2.0", "method": "exit"],
            ], raw: hostile)

        XCTAssertGreaterThanOrEqual(messages.filter { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }.count, 2, "\(messages)")
        XCTAssertNotNil(messages.first { $0["id"] as? Int == 2 }, "the shutdown after the bad frames is answered: \(messages)")
    }

    // MARK: - Helpers

    /// `bad`, then a good message: the reader gives one or more invalid frames (and `expectingBodies` bodies
    /// that the server will refuse as JSON), then the good message, whole.
    private func assertResynchronises(after bad: Data, expectingBodies: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        var reader = LSPFrameReader()
        reader.append(bad + good)
        var frames: [LSPFrameReader.Frame] = []
        while let frame = reader.next() { frames.append(frame) }
        XCTAssertEqual(frames.last, .body(Data(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#.utf8)), "\(frames)", file: file, line: line)
        let invalid = frames.filter { if case .invalid = $0 { return true } else { return false } }
        XCTAssertGreaterThanOrEqual(invalid.count, expectingBodies == 0 ? 1 : 0, "\(frames)", file: file, line: line)
        XCTAssertEqual(frames.count - invalid.count, expectingBodies + 1, "\(frames)", file: file, line: line)
        XCTAssertTrue(reader.pending.isEmpty, file: file, line: line)
    }

    private static func frame(_ body: String, length: Int? = nil) -> Data {
        Data("Content-Length: \(length ?? body.utf8.count)\r\n\r\n\(body)".utf8)
    }
}
