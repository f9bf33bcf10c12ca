import Foundation
import XCTest

@testable import Messages

/// The reader's and writer's fast paths (eight bytes at a time, bytes matched without Strings, arrays on the
/// element stack) at their edges, against the general paths and JSONEncoder.
final class JSONFastPathTests: XCTestCase {
    private func read<T: JSONReadable>(_ type: T.Type, _ text: String) throws(JSONFailure) -> T {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(JSONFailure) in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            let value = try T(json: &reader)
            try reader.finish()
            return value
        }
    }

    private func failure<T: JSONReadable>(_ type: T.Type, _ text: String) -> JSONFailure? {
        do { _ = try read(type, text); return nil } catch { return error }
    }

    func test_readInt_fastAndGeneralPathsAgree() throws {
        let cases: [(String, Int)] = [
            ("0", 0), ("7", 7), ("10", 10), ("123456789012345678", 123_456_789_012_345_678),
            ("1234567890123456789", 1_234_567_890_123_456_789), ("-5", -5), ("1.0", 1), ("1e3", 1000),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
        ]
        for (text, value) in cases { XCTAssertEqual(try read(Int.self, text), value, text) }
        XCTAssertNotNil(failure(Int.self, "01"))
        XCTAssertNotNil(failure(Int.self, "9223372036854775808"))
        XCTAssertNotNil(failure(Int.self, "1.5"))
    }

    func test_enum_matchedOnBytes_escapedOrNot() throws {
        XCTAssertEqual(try read(PickleStepType.self, "\"Context\""), .context)
        XCTAssertEqual(try read(PickleStepType.self, "\"Cont\\u0065xt\""), .context)
        XCTAssertEqual(try read(PickleStepType.self, " \"Outcome\" "), .outcome)
        XCTAssertEqual(
            failure(PickleStepType.self, "\"Contexts\"")?.kind,
            .invalidValue("Contexts", expected: PickleStepType.allCases.map(\.rawValue)))
        XCTAssertEqual(failure(PickleStepType.self, "3")?.kind, .wrongType(expected: "a string", found: "a number"))
    }

    func test_keys_plainEscapedLongAndAtTheEndOfTheLine() throws {
        XCTAssertEqual(try read(Location.self, "{\"line\":3,\"column\":4}"), Location(line: 3, column: 4))
        XCTAssertEqual(try read(Location.self, "{\"line\":3,\"c\\u006flumn\":4}"), Location(line: 3, column: 4))
        XCTAssertEqual(try read(Location.self, "{\"line\":3,\"columns\":4}"), Location(line: 3))
        XCTAssertEqual(try read(Location.self, "{\"l\":1,\"line\":3}"), Location(line: 3))
        XCTAssertEqual(
            try read(TestStepStarted.self, "{\"testCaseStartedId\":\"a\",\"testStepId\":\"b\",\"timestamp\":{\"seconds\":1,\"nanos\":2}}"),
            TestStepStarted(testCaseStartedId: "a", testStepId: "b", timestamp: Timestamp(seconds: 1, nanos: 2)))
        XCTAssertNotNil(failure(Location.self, "{\"line"))
    }

    func test_arrays_nestedOnTheElementStack_andFreedOnErrors() throws {
        XCTAssertEqual(try read([[Int]].self, "[[1,2],[3,4,5],[],[6]]"), [[1, 2], [3, 4, 5], [], [6]])
        XCTAssertEqual(try read([[String]].self, "[[\"a\",\"b\"],[\"c\"]]"), [["a", "b"], ["c"]])
        let long = (0..<1000).map { "id-\($0)-" + String(repeating: "x", count: $0 % 40) }
        XCTAssertEqual(
            try read([[String]].self, "[[\"z\"]," + "[" + long.map { "\"\($0)\"" }.joined(separator: ",") + "]]"), [["z"], long])
        XCTAssertEqual(failure([[String]].self, "[[\"a\",\"b\"],[\"c\",1]]")?.path, "[1][1]")
        XCTAssertEqual(
            failure([String].self, "[\"a\",\"b\",\"c\"")?.kind, .syntax("expected ',' or ']', found the end of the line", column: 13))
    }

    func test_writer_stringsAndIntegers_matchJSONEncoder() throws {
        var strings: [String] = []
        for length in 0..<40 {
            let plain = String(repeating: "a", count: length)
            strings.append(plain)
            for position in 0..<length {
                for special in ["\"", "\\", "\n", "\u{1}", "é", "/"] {
                    var characters = Array(plain)
                    characters[position] = Character(special)
                    strings.append(String(characters))
                }
            }
        }
        let integers = [0, 9, 10, 99, 100, 101, 1_000_000, 1_795_718_554, -1, -10, -100, Int.max, Int.min]
        var writer = JSONWriter()
        strings.writeJSON(to: &writer)
        integers.writeJSON(to: &writer)
        let expected = try referenceEncoder().encode(strings) + referenceEncoder().encode(integers)
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self))
    }
}
