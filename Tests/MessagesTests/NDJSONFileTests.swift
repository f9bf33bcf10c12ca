import Foundation
import Messages
import XCTest

/// Reading a message stream from a file in chunks: the same envelopes as reading it whole, whatever the chunk
/// size; a last line cut off is the end of a killed run, not an error; foreign JSON is named.
final class NDJSONFileTests: XCTestCase {
    func test_forEachEnvelope_givesTheEnvelopesOfAWholeReadForEveryChunkSize() throws {
        let text = lines(5) + "\n   \n" + lines(3)
        let path = try write(text)
        let whole = try NDJSON.decode(text)
        for chunkSize in [16, 17, 64, 1_000, 1 << 20] {
            var read: [Envelope] = []
            let ending = try NDJSON.forEachEnvelope(inFile: path, chunkSize: chunkSize) { read.append($0) }
            XCTAssertEqual(read, whole, "chunk size \(chunkSize)")
            XCTAssertEqual(ending, .complete)
        }
    }

    func test_forEachEnvelope_acceptsALastLineWithoutNewlineWhenItIsWhole() throws {
        let path = try write(lines(2) + String(lines(1).dropLast()))
        var count = 0
        XCTAssertEqual(try NDJSON.forEachEnvelope(inFile: path, chunkSize: 32) { _ in count += 1 }, .complete)
        XCTAssertEqual(count, 3)
    }

    func test_forEachEnvelope_reportsTheCutOffLastLineAfterTheEnvelopesBeforeIt() throws {
        let path = try write(lines(3) + #"{"testStepStarted":{"testCaseSta"#)
        var count = 0
        XCTAssertEqual(try NDJSON.forEachEnvelope(inFile: path, chunkSize: 32) { _ in count += 1 }, .truncated(line: 4))
        XCTAssertEqual(count, 3)
    }

    func test_forEachEnvelope_throwsOnAFileOfOneLineThatIsNoEnvelopeEvenWithoutNewline() throws {
        let path = try write("Feature: not a stream")
        XCTAssertThrowsError(try NDJSON.forEachEnvelope(inFile: path, uri: "f.feature") { _ in }) { error in
            XCTAssertEqual((error as? NDJSON.Error)?.line, 1)
        }
    }

    func test_forEachEnvelope_throwsNamingTheLineOnABrokenLineThatIsNotTheLast() throws {
        let path = try write(lines(1) + "{\"testRunStarted\":\n" + lines(1))
        XCTAssertThrowsError(try NDJSON.forEachEnvelope(inFile: path, uri: "s.ndjson") { _ in }) { error in
            XCTAssertEqual((error as? NDJSON.Error)?.line, 2)
        }
    }

    func test_forEachEnvelope_namesTheKeysOfAnObjectThatIsNoMessage() throws {
        let path = try write(lines(1) + #"{"name":"Checkout","elements":[]}"# + "\n")
        XCTAssertThrowsError(try NDJSON.forEachEnvelope(inFile: path, uri: "r.ndjson") { _ in }) { error in
            XCTAssertEqual((error as? NDJSON.Error)?.line, 2)
            XCTAssertTrue("\(error)".hasPrefix("r.ndjson:2: not a Cucumber Messages envelope: keys 'elements', 'name'"), "\(error)")
        }
    }

    func test_forEachLine_throwsAFileErrorOnAMissingFile() {
        XCTAssertThrowsError(try NDJSON.forEachLine(inFile: "/no/such/file.ndjson") { _, _, _ in }) { error in
            XCTAssertTrue("\(error)".hasPrefix("/no/such/file.ndjson: cannot open: "), "\(error)")
        }
    }

    // MARK: - Helpers

    private func lines(_ count: Int) -> String {
        (0..<count).map { #"{"testRunStarted":{"id":"\#($0)","timestamp":{"nanos":0,"seconds":\#($0)}}}"# + "\n" }.joined()
    }

    private func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ndjson-\(UUID().uuidString).ndjson")
        try text.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
