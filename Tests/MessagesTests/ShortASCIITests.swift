@testable import Messages
import XCTest

/// Short ASCII strings built from their bytes are the standard library's own, bit for bit; anything else takes
/// the standard path.
final class ShortASCIITests: XCTestCase {
    func test_layout_isTheStandardLibrarys() {
        XCTAssertTrue(ShortASCII.layoutHolds)
    }

    func test_string_equalsTheStandardDecodingAtEveryLengthAndForOtherTexts() {
        var texts = (0...20).map { String(repeating: "z", count: $0) }
        texts += ["Given ", "@smoke", "0", "-12", "m2D59yWF1NVThp6", "a\"b", "tab\there", "\u{0}x", "é", "caf\u{e9}",
                  "naïve step", "日本語", "12345678é", "abcdefgh\u{7f}"]
        for text in texts {
            // Each one alone in an exact allocation: the reads must stay inside its bytes.
            let bytes = Array(text.utf8)
            let made = bytes.withUnsafeBufferPointer { ShortASCII.string($0) }
            let standard = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(made, standard, text)
            XCTAssertEqual(Array(made.utf8), Array(standard.utf8), text)
            XCTAssertEqual(made.hashValue, standard.hashValue, text)
            if bytes.count <= 15 {
                XCTAssertEqual(unsafeBitCast(made, to: (UInt64, UInt64).self).1,
                               unsafeBitCast(standard, to: (UInt64, UInt64).self).1, text)
            }
        }
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        XCTAssertEqual(invalid.withUnsafeBufferPointer { ShortASCII.string($0) }, String(decoding: invalid, as: UTF8.self))
    }
}
