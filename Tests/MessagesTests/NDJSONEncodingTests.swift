import Foundation
import Messages
import XCTest

/// The generated writers must produce exactly the bytes of JSONEncoder with sorted keys and unescaped slashes.
final class NDJSONEncodingTests: XCTestCase {
    func test_encode_isByteIdenticalToJSONEncoderOnEverySharedEnvelope() throws {
        var envelopes = 0
        for file in try sharedStreams() {
            for line in try nonBlankLines(of: file) {
                let envelope = try referenceDecode(line.text)
                XCTAssertEqual(
                    try NDJSON.encode(envelope), try referenceEncode(envelope),
                    "\(file.lastPathComponent):\(line.number)")
                envelopes += 1
            }
        }
        XCTAssertGreaterThan(envelopes, 1000)
    }

    func test_encode_isByteIdenticalToJSONEncoderOnTrickyStrings() throws {
        for (index, envelope) in trickyEnvelopes().enumerated() {
            XCTAssertEqual(try NDJSON.encode(envelope), try referenceEncode(envelope), "tricky envelope #\(index)")
        }
    }

    func test_encode_escapesQuotesBackslashesAndControlCharactersButNotSlashesOrNonASCII() throws {
        let text = "\"\\/\u{0}\u{1F}\u{08}\u{0C}\n\r\t\u{7F}é😀</script>"
        let line = try NDJSON.encode(
            Envelope(
                testRunFinished: TestRunFinished(
                    message: text, success: true, timestamp: Timestamp(seconds: 0, nanos: 0))))
        XCTAssertEqual(
            line,
            #"{"testRunFinished":{"message":"\"\\/\u0000\u001f\b\f\n\r\t"# + "\u{7F}é😀</script>"
                + #"","success":true,"timestamp":{"nanos":0,"seconds":0}}}"#)
    }

    func test_encode_writesKeysInSortedOrderEnumsAsRawValuesAndOmitsNilFields() throws {
        let envelope = Envelope(
            testStepFinished: TestStepFinished(
                testCaseStartedId: "tcs", testStepId: "ts",
                testStepResult: TestStepResult(duration: Duration(seconds: 1, nanos: 5), status: .undefined),
                timestamp: Timestamp(seconds: 1_700_000_000, nanos: -3)))
        XCTAssertEqual(
            try NDJSON.encode(envelope),
            #"{"testStepFinished":{"testCaseStartedId":"tcs","testStepId":"ts","testStepResult":"#
                + #"{"duration":{"nanos":5,"seconds":1},"status":"UNDEFINED"},"#
                + #""timestamp":{"nanos":-3,"seconds":1700000000}}}"#)
    }

    func test_encode_writesExtremeIntegersLikeJSONEncoder() throws {
        for value in [0, 9, 10, -1, -10, 123_456_789, Int.max, Int.min] {
            let envelope = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: value, nanos: 0 &- value)))
            XCTAssertEqual(try NDJSON.encode(envelope), try referenceEncode(envelope), "\(value)")
        }
    }

    func test_encode_writesAnEmptyEnvelopeAsAnEmptyObject() throws {
        XCTAssertEqual(try NDJSON.encode(Envelope()), "{}")
    }

    func test_encodeInto_appendsTheSameLineAfterExistingBytes() throws {
        var bytes = Array("prefix\n".utf8)
        var expected = bytes
        for envelope in trickyEnvelopes() {
            NDJSON.encode(envelope, into: &bytes)
            bytes.append(0x0A)
            expected += Array(try NDJSON.encode(envelope).utf8) + [0x0A]
        }
        XCTAssertEqual(bytes, expected)
    }
}
