import Foundation
import Messages
import XCTest

/// Malformed input gives an NDJSON.Error naming the uri, the line and what is wrong where; never a crash.
final class NDJSONDecodingErrorTests: XCTestCase {
    func test_decode_namesLineAndColumnOnInvalidJSON() {
        let text = "{\"testRunStarted\":{\"timestamp\":{\"seconds\":0,\"nanos\":0}}}\n{oops}\n"
        XCTAssertThrowsError(try NDJSON.decode(text, uri: "run.ndjson")) { error in
            let error = error as? NDJSON.Error
            XCTAssertEqual(error?.uri, "run.ndjson")
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.reason, "invalid JSON (column 2: expected a key in quotes, found 'o')")
            XCTAssertEqual(
                error.map { "\($0)" },
                "run.ndjson:2: not a Cucumber Messages envelope: invalid JSON (column 2: expected a key in quotes, found 'o')")
        }
    }

    func test_decode_describesEachKindOfSyntaxError() {
        // Inside known fields, where JSONDecoder rejects them too (it does not look into unknown keys' values).
        let seconds = #"{"testRunStarted":{"timestamp":{"nanos":0,"seconds":"#  // the value starts at column 53
        let message = #"{"testRunFinished":{"success":true,"timestamp":{"nanos":0,"seconds":0},"message":"#  // column 82
        let cases: [(String, String)] = [
            (#"{"testRunStarted" {}}"#, "column 19: expected ':' after the key, found '{'"),
            (seconds + #"01}}}"#, "column 54: expected ',' or '}', found '1'"),
            (seconds + #"-}}}"#, "column 54: expected a digit, found '}'"),
            (seconds + #"1.}}}"#, "column 55: expected a digit after the decimal point, found '}'"),
            (seconds + #"1e}}}"#, "column 55: expected a digit in the exponent, found '}'"),
            (#"{"testRunStarted":tru}"#, "column 19: expected 'true', found 't'"),
            (
                message + #""x\q"}}"#,
                "column 85: expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) after the backslash, found 'q'"
            ),
            (message + #""\u12G4"}}"#, "column 87: expected 4 hexadecimal digits after \\u, found 'G'"),
            (
                message + #""\ud83d"}}"#,
                "column 89: expected the low surrogate (\\uDC00-\\uDFFF) after the high surrogate \\uD83D, found '\"'"
            ),
            (message + "\"tab\there\"}}", "column 86: control character U+0009 in a string (escape it)"),
            (message + #""never closed"#, "column 95: unterminated string, found the end of the line"),
            (seconds + #"1}}} {"#, "column 58: expected the end of the line after the JSON value, found '{'"),
            (seconds + #"1"#, "column 54: expected ',' or '}', found the end of the line"),
            (#"{"testRunStarted":é}"#, "column 19: expected a value, found 'é'"),
            (message + #""é😀"} x"#, "column 88: expected ',' or '}', found 'x'"),  // columns count characters
        ]
        for (line, detail) in cases {
            XCTAssertEqual(decodingReason(line), "invalid JSON (\(detail))", line)
            XCTAssertThrowsError(try referenceDecode(line), "JSONDecoder accepts \(line)")
        }
    }

    func test_decode_acceptsMalformedValuesOfUnknownKeysAsJSONDecoderDoes() throws {
        // JSONDecoder does not validate what it does not read; the fallback keeps such streams readable.
        for line in [
            #"{"future":[01,],"testRunStarted":{"timestamp":{"nanos":0,"seconds":1}}}"#,
            #"{"testRunStarted":{"timestamp":{"nanos":0,"seconds":1,},}}"#,
        ] {
            XCTAssertEqual(try NDJSON.decode(line), [try referenceDecode(line)], line)
            XCTAssertThrowsError(try fastDecode(line), line)
        }
    }

    func test_decode_namesTheMissingFieldPath() {
        XCTAssertEqual(decodingReason(#"{"testRunStarted":{}}"#), "missing field 'testRunStarted.timestamp'")
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":{"timestamp":{"seconds":1}}}"#),
            "missing field 'testRunStarted.timestamp.nanos'")
        let pickle =
            #"{"pickle":{"id":"1","uri":"a.feature","name":"n","language":"en","tags":[],"astNodeIds":[],"#
            + #""steps":[{"id":"2","text":"t","astNodeIds":[]},{"id":"3","astNodeIds":[]}]}}"#
        XCTAssertEqual(decodingReason(pickle), "missing field 'pickle.steps[1].text'")
    }

    func test_decode_namesTheWrongTypePath() {
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":{"timestamp":{"seconds":"1","nanos":0}}}"#),
            "wrong type at 'testRunStarted.timestamp.seconds': expected an integer, found a string")
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":[]}"#),
            "wrong type at 'testRunStarted': expected an object, found an array")
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":{"timestamp":null}}"#),
            "wrong type at 'testRunStarted.timestamp': expected an object, found null")
        XCTAssertEqual(
            decodingReason(#"{"testCase":{"id":"1","pickleId":"2","testSteps":[{"id":"3","stepDefinitionIds":["4",5]}]}}"#),
            "wrong type at 'testCase.testSteps[0].stepDefinitionIds[1]': expected a string, found a number")
        XCTAssertEqual(
            decodingReason(#"{"testRunFinished":{"success":"yes","timestamp":{"nanos":0,"seconds":0}}}"#),
            "wrong type at 'testRunFinished.success': expected a boolean, found a string")
        XCTAssertEqual(decodingReason("[1]"), "wrong type at the top level: expected an object, found an array")
    }

    func test_decode_namesIntegersThatAreNotIntegers() {
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":{"timestamp":{"seconds":1.5,"nanos":0}}}"#),
            "wrong type at 'testRunStarted.timestamp.seconds': expected an integer, found the number 1.5")
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":{"timestamp":{"seconds":9223372036854775808,"nanos":0}}}"#),
            "wrong type at 'testRunStarted.timestamp.seconds': expected an integer, found the number 9223372036854775808")
    }

    func test_decode_namesTheInvalidEnumValueAndTheValidOnes() {
        XCTAssertEqual(
            decodingReason(#"{"source":{"uri":"a","data":"","mediaType":"text/plain"}}"#),
            #"invalid value "text/plain" at 'source.mediaType': expected one of text/x.cucumber.gherkin+plain, text/x.cucumber.gherkin+markdown"#
        )
    }

    func test_decode_reportsTheSyntaxErrorEvenAfterAFieldError() {
        XCTAssertEqual(
            decodingReason(#"{"testRunStarted":{}, oops}"#),
            "invalid JSON (column 23: expected a key in quotes, found 'o')")
    }

    func test_decode_refusesNestingDeeperThanTheLimitWithoutCrashing() {
        let deep = #"{"x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        XCTAssertEqual(decodingReason(deep), "invalid JSON (column 517: nesting deeper than 512 levels, found '[')")
    }

    func test_decode_refusesRecursiveMessagesNestedDeeperThanTheLimitWithoutCrashing() {
        // Group.children is the one recursive message: 100 000 levels would exhaust the stack if followed.
        let levels = 100_000
        let group = String(repeating: #"{"children":["#, count: levels) + String(repeating: "]}", count: levels)
        let line =
            #"{"testCase":{"id":"1","pickleId":"2","testSteps":[{"id":"3","stepMatchArgumentsLists":[{"#
            + #""stepMatchArguments":[{"group":"# + group + "}]}]}]}}"
        XCTAssertEqual(decodingReason(line)?.hasPrefix("invalid JSON (column "), true)
        XCTAssertEqual(decodingReason(line)?.hasSuffix(": nesting deeper than 512 levels, found '{')"), true)
    }
}
