import Foundation
import Messages
import XCTest

final class NDJSONRoundTripTests: XCTestCase {
    func test_decodeThenEncode_preservesEveryOfficialEnvelopeOnSharedStreams() throws {
        let files = try sharedStreams()
        var envelopes = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let decoded = try NDJSON.decode(text, uri: file.lastPathComponent)
            let lines = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            XCTAssertEqual(decoded.count, lines.count, file.path)
            for (index, (line, envelope)) in zip(lines, decoded).enumerated() {
                let expected = try jsonObject(String(line))
                let actual = try jsonObject(try NDJSON.encode(envelope))
                XCTAssertEqual(expected, actual, "\(file.lastPathComponent):\(index + 1) changed in a round trip")
            }
            envelopes += decoded.count
        }
        XCTAssertGreaterThan(envelopes, 1000)
    }

    func test_decode_namesTheLineOnInvalidJSON() {
        XCTAssertThrowsError(
            try NDJSON.decode("{\"testRunStarted\":{\"timestamp\":{\"seconds\":0,\"nanos\":0}}}\n{oops\n", uri: "run.ndjson")
        ) { error in
            let error = error as? NDJSON.Error
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.uri, "run.ndjson")
            XCTAssertTrue(error?.description.hasPrefix("run.ndjson:2: not a Cucumber Messages envelope") ?? false)
        }
    }

    func test_decode_namesTheMissingFieldOnIncompleteMessage() {
        XCTAssertThrowsError(try NDJSON.decode("{\"testRunStarted\":{}}", uri: "x.ndjson")) { error in
            XCTAssertEqual((error as? NDJSON.Error)?.reason, "missing field 'testRunStarted.timestamp'")
        }
    }

    func test_encode_omitsAbsentOptionalFields() throws {
        let envelope = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 2)))
        XCTAssertEqual(try NDJSON.encode(envelope), #"{"testRunStarted":{"timestamp":{"nanos":2,"seconds":1}}}"#)
    }

    func test_incrementingIds_countFromZero() {
        let ids = IncrementingIdGenerator()
        XCTAssertEqual([ids.newId(), ids.newId(), ids.newId()], ["0", "1", "2"])
    }

    func test_timestamp_roundTripsThroughDate() {
        let timestamp = Timestamp(date: Date(timeIntervalSince1970: 1_700_000_000.25))
        XCTAssertEqual(timestamp, Timestamp(seconds: 1_700_000_000, nanos: 250_000_000))
        XCTAssertEqual(timestamp.date.timeIntervalSince1970, 1_700_000_000.25, accuracy: 1e-6)
    }

    // MARK: - Helpers

    private func jsonObject(_ line: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
    }
}
