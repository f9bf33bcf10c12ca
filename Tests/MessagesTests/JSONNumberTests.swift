import Foundation
import XCTest

@testable import Messages

/// Numbers no message field exercises today (the schema has no `number` field yet) but the generator supports.
final class JSONNumberTests: XCTestCase {
    func test_writeDouble_matchesJSONEncoder() throws {
        let values: [Double] = [0, 1, -1, 0.1, 1.5, -0.0, 1e-7, 1e21, 123_456_789.125, .pi, Double.greatestFiniteMagnitude]
        var writer = JSONWriter()
        values.writeJSON(to: &writer)
        XCTAssertEqual(
            String(decoding: writer.bytes, as: UTF8.self),
            String(decoding: try referenceEncoder().encode(values), as: UTF8.self))
    }

    func test_writeDouble_writesNullForNonFiniteValues() {
        var writer = JSONWriter()
        [Double.nan, .infinity].writeJSON(to: &writer)
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), "[null,null]")
    }

    func test_readDouble_readsWhatItWrote() throws {
        let values: [Double] = [0, -2.5, 1e-7, 1e21, .pi, .leastNonzeroMagnitude]
        var writer = JSONWriter()
        values.writeJSON(to: &writer)
        var bytes = writer.bytes
        let decoded = try bytes.withUnsafeMutableBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            return try [Double](json: &reader)
        }
        XCTAssertEqual(decoded, values)
    }

    func test_readDouble_refusesNumbersOutOfRange() throws {
        var bytes = Array("1e999".utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(buffer))
            XCTAssertThrowsError(try Double(json: &reader)) { error in
                XCTAssertEqual((error as? JSONFailure)?.kind, .wrongType(expected: "a finite number", found: "the number 1e999"))
            }
        }
    }
}
