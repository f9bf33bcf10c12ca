import Messages
import XCTest

/// `String(copyingUTF8:)` must make the same string as `String(decoding:as:)` for any bytes.
final class StringUTF8CopyTests: XCTestCase {
    private func check(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        bytes.withUnsafeBufferPointer { buffer in
            let copied = String(copyingUTF8: buffer)
            let decoded = String(decoding: buffer, as: UTF8.self)
            XCTAssertEqual(copied, decoded, file: file, line: line)
            XCTAssertEqual(Array(copied.utf8), Array(decoded.utf8), file: file, line: line)
        }
    }

    func testMatchesDecodingForASCIIOfEveryLength() {
        for length in 0...40 { check(Array("0123456789abcdef0123456789abcdef-+=_%$#@".utf8.prefix(length))) }
    }

    func testMatchesDecodingForMultiByteText() {
        check(Array("é".utf8))
        check(Array("Étant donné 10 €".utf8))
        check(Array("日本語のステップ、とても長いテキスト".utf8))
    }

    func testRepairsInvalidBytesAsDecodingDoes() {
        check([0xFF])
        check([0x61, 0xC3])
        check([0x61, 0x62, 0xED, 0xA0, 0x80, 0x63] + Array(repeating: 0x41, count: 20))
    }
}
