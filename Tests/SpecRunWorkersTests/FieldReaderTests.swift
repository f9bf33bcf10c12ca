import SharedTestData
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// A compact line's text fields: `FieldReader.string` makes short fields with another standard-library
/// initializer than long ones (for speed); the string must be the one `String(decoding:as:)` makes, whatever the
/// bytes — ASCII, other UTF-8, or ill-formed (repaired the same way).
final class FieldReaderTests: XCTestCase {
    func test_string_isTheDecodedStringOnGeneratedBytesOfEveryLength() {
        let seed: UInt64 = 2026_11_29
        var random = SplitMix64(seed: seed)
        let alphabets: [[UInt8]] = [
            Array("abcXYZ019-_".utf8),
            Array("é€😀a".utf8),  // whole characters and, cut anywhere, ill-formed sequences
            (0...255).map { UInt8($0) },
        ]
        for length in 0...40 {
            for alphabet in alphabets {
                for _ in 0..<50 {
                    let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
                    let made = bytes.withUnsafeBufferPointer { FieldReader.string($0) }
                    let decoded = String(decoding: bytes, as: UTF8.self)

                    XCTAssertEqual(Array(made.utf8), Array(decoded.utf8), "seed \(seed), bytes \(bytes)")
                }
            }
        }
    }

    func test_text_readsEachFieldOfALine() {
        let line = Array("!F ab é\u{301}c 3".utf8)
        line.withUnsafeBufferPointer { bytes in
            var reader = FieldReader(bytes)
            XCTAssertEqual(reader.byte(), UInt8(ascii: "!"))
            XCTAssertEqual(reader.byte(), UInt8(ascii: "F"))
            XCTAssertEqual(reader.byte(), 0x20)

            XCTAssertEqual(reader.text().map { Array($0.utf8) }, Array("ab".utf8))
            XCTAssertEqual(reader.text().map { Array($0.utf8) }, Array("é\u{301}c".utf8))
            XCTAssertEqual(reader.number(), 3)
            XCTAssertTrue(reader.atEnd)
        }
    }
}
