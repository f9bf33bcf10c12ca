import Foundation
import XCTest

/// Parses JSON text (any top-level value).
func parseJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Asserts that a parsed JSON value equals the JSON written in `expected` (same members, no extra ones).
func assertJSONEqual(_ actual: Any?, _ expected: String, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let actual, let parsed = try? parseJSON(expected) else {
        XCTFail("missing value or unparsable expectation \(message)", file: file, line: line)
        return
    }
    let shown = canonicalJSON(actual), wanted = canonicalJSON(parsed)
    XCTAssertEqual(shown, wanted, message, file: file, line: line)
}

/// JSON text with sorted keys and no spaces, to compare values whatever their member order.
func canonicalJSON(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
        return "\(value)"
    }
    return String(decoding: data, as: UTF8.self)
}
