import Foundation
import Messages
import XCTest

/// The generated readers must produce the values of JSONDecoder (without falling back to it).
final class NDJSONDecodingTests: XCTestCase {
    func test_fastDecode_givesTheValueOfJSONDecoderOnEverySharedLine() throws {
        var envelopes = 0
        for file in try sharedStreams() {
            for line in try nonBlankLines(of: file) {
                XCTAssertEqual(
                    try fastDecode(line.text), try referenceDecode(line.text),
                    "\(file.lastPathComponent):\(line.number)")
                envelopes += 1
            }
        }
        XCTAssertGreaterThan(envelopes, 1000)
    }

    func test_decode_givesEveryEnvelopeOfSharedStreamsFromStringAndData() throws {
        for file in try sharedStreams() {
            let data = try Data(contentsOf: file)
            let expected = try nonBlankLines(of: file).map { try referenceDecode($0.text) }
            XCTAssertEqual(try NDJSON.decode(String(decoding: data, as: UTF8.self), uri: file.path), expected, file.path)
            XCTAssertEqual(try NDJSON.decode(data, uri: file.path), expected, file.path)
        }
    }

    func test_decodeOfEncode_returnsTheSameTrickyEnvelopes() throws {
        let envelopes = trickyEnvelopes()
        let text = try envelopes.map { try NDJSON.encode($0) }.joined(separator: "\n") + "\n"
        XCTAssertEqual(try NDJSON.decode(text), envelopes)
        for (index, envelope) in envelopes.enumerated() {
            XCTAssertEqual(try fastDecode(try NDJSON.encode(envelope)), envelope, "tricky envelope #\(index)")
        }
    }

    func test_fastDecode_readsEveryEscapeLikeJSONDecoder() throws {
        let line =
            #"{"testRunFinished":{"message":"q\" b\\ s\/ \b\f\n\r\t \u0041\u00e9\u20AC \ud83d\ude00 raw é😀","#
            + #""success":false,"timestamp":{"nanos":0,"seconds":0}}}"#
        let envelope = try fastDecode(line)
        XCTAssertEqual(envelope.testRunFinished?.message, "q\" b\\ s/ \u{08}\u{0C}\n\r\t Aé€ 😀 raw é😀")
        XCTAssertEqual(envelope, try referenceDecode(line))
    }

    func test_fastDecode_readsEscapedKeys() throws {
        let line = #"{"test\u0052unStarted":{"timestamp":{"n\u0061nos":1,"seconds":2}}}"#
        XCTAssertEqual(try fastDecode(line), Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 2, nanos: 1))))
        XCTAssertEqual(try fastDecode(line), try referenceDecode(line))
    }

    func test_fastDecode_ignoresUnknownKeysOfAnyShape() throws {
        let line =
            #"{"future":{"a":[1,-2.5e3,true,false,null,"x\"y",{"b":[]}]},"testRunStarted":{"extra":"\u00e9","#
            + #""timestamp":{"seconds":3,"nanos":4,"picos":[]}},"zzz":null}"#
        XCTAssertEqual(try fastDecode(line), Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 3, nanos: 4))))
    }

    func test_fastDecode_treatsNullOptionalFieldsAsAbsent() throws {
        let line = #"{"testRunFinished":{"message":null,"success":true,"timestamp":{"nanos":0,"seconds":0}},"pickle":null}"#
        XCTAssertEqual(try fastDecode(line), try referenceDecode(line))
        XCTAssertNil(try fastDecode(line).testRunFinished?.message)
    }

    func test_fastDecode_acceptsWhitespaceEverywhereJSONAllows() throws {
        let line = " \t{ \"testRunStarted\" :\r{\"timestamp\" : { \"seconds\" : -7 , \"nanos\" : 0 } } } \r"
        XCTAssertEqual(try fastDecode(line), Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: -7, nanos: 0))))
    }

    func test_decode_acceptsWhatJSONDecoderAccepts() throws {
        let lines = [
            #"{"testRunStarted":{"timestamp":{"seconds":1.0,"nanos":2e2}}}"#,  // integral numbers in other forms
            "\u{00A0}{\"testRunStarted\":{\"timestamp\":{\"seconds\":1,\"nanos\":2}}}\u{2003}",  // Unicode spaces around
            #"{"testRunStarted":{"timestamp":{"seconds":9223372036854775807,"nanos":-9223372036854775808}}}"#,
        ]
        for line in lines {
            XCTAssertEqual(try NDJSON.decode(line), [try referenceDecode(line.trimmingCharacters(in: .whitespaces))], line)
        }
    }

    func test_decode_skipsBlankLinesAndCountsThemInLineNumbers() throws {
        let valid = #"{"testRunStarted":{"timestamp":{"nanos":0,"seconds":0}}}"#
        let text = "\n  \r\n\(valid)\r\n\u{00A0}\n\n\(valid)\n\t\n{"
        XCTAssertEqual(try NDJSON.decode(String(text.dropLast())).count, 2)
        XCTAssertThrowsError(try NDJSON.decode(text, uri: "x.ndjson")) { error in
            XCTAssertEqual((error as? NDJSON.Error)?.line, 8)
        }
        XCTAssertEqual(try NDJSON.decode(""), [])
    }

    func test_decode_refusesAKeyTwiceNamingTheLineTheColumnAndTheKey() throws {
        let result =
            #"{"testStepFinished":{"testCaseStartedId":"r","testStepId":"s","testStepResult":{"duration":{"nanos":0,"seconds":0},"status":"PASSED","status":"FAILED"},"timestamp":{"nanos":0,"seconds":0}}}"#
        let column = try XCTUnwrap(result.range(of: #""status":"FAILED""#)).lowerBound.utf16Offset(in: result) + 1
        XCTAssertThrowsError(
            try NDJSON.decode(#"{"testRunStarted":{"timestamp":{"nanos":0,"seconds":0}}}"# + "\n" + result, uri: "x.ndjson")
        ) {
            XCTAssertEqual(
                "\($0)",
                "x.ndjson:2:\(column): not a Cucumber Messages envelope: the key 'testStepFinished.testStepResult.status' comes twice; JSON readers disagree on which value counts (the first or the last), so the line is refused"
            )
        }
    }

    func test_decode_refusesEveryRepeatedKnownKeyWhateverItsValues() {
        for line in [
            #"{"testRunStarted":{"timestamp":{"seconds":1,"nanos":0,"seconds":2}}}"#,
            #"{"testRunStarted":{"timestamp":{"seconds":1,"nanos":0,"seconds":1}}}"#,
            #"{"testRunFinished":{"success":true,"message":null,"message":"x","timestamp":{"nanos":0,"seconds":0}}}"#,
            #"{"testRunStarted":{"timestamp":{"seconds":1,"nanos":0}},"testRunStarted":{"timestamp":{"seconds":3,"nanos":0}}}"#,
        ] {
            XCTAssertThrowsError(try NDJSON.decode(line), line) { XCTAssertNotNil(($0 as? NDJSON.Error)?.column, "\($0)") }
        }
    }

    func test_decode_refusesAnEnvelopeOfTwoMessages() {
        let line =
            #"{"testRunStarted":{"timestamp":{"seconds":1,"nanos":0}},"testRunFinished":{"success":true,"timestamp":{"nanos":0,"seconds":0}}}"#
        XCTAssertThrowsError(try NDJSON.decode(line, uri: "x.ndjson")) {
            XCTAssertEqual(
                "\($0)",
                "x.ndjson:1:57: not a Cucumber Messages envelope: a second message, 'testRunFinished', in one envelope; an envelope holds one message, so the line is refused"
            )
        }
    }

    func test_decode_stillSkipsAnUnknownKeyGivenTwice() throws {
        let line = #"{"testRunStarted":{"later":1,"later":2,"timestamp":{"seconds":1,"nanos":0}}}"#
        XCTAssertEqual(try NDJSON.decode(line), [Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0)))])
    }

    func test_jsonLine_refusesAnObjectWithAKeyTwice() {
        XCTAssertNil(JSONLine.object(Array(#"{"worker":"1","worker":"2"}"#.utf8)))
        XCTAssertNotNil(JSONLine.object(Array(#"{"worker":"1","attempt":"2"}"#.utf8)))
    }

    func test_forEachEnvelope_handsOverEveryEnvelopeInOrderThenStopsAtTheBadLine() throws {
        let envelopes = trickyEnvelopes()
        let text = try envelopes.map { try NDJSON.encode($0) }.joined(separator: "\n") + "\n\n"
        var received: [Envelope] = []
        try NDJSON.forEachEnvelope(in: Data(text.utf8)) { received.append($0) }
        XCTAssertEqual(received, envelopes)

        received = []
        XCTAssertThrowsError(
            try NDJSON.forEachEnvelope(in: Data((text + "{}\n[]\n{}").utf8), uri: "s.ndjson") {
                received.append($0)
            }
        ) { error in
            XCTAssertEqual((error as? NDJSON.Error)?.line, envelopes.count + 3)
        }
        XCTAssertEqual(received, envelopes + [Envelope()])
    }
}
