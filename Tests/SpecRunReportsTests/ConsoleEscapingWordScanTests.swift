import SharedTestData
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// `ConsoleEscaping.needsEscaping` reads sixteen bytes at a time, as two words: it must answer exactly what a byte-by-byte reading
/// answers, whatever the byte and wherever it stands (a word's lanes, a C1 control split across two words).
final class ConsoleEscapingWordScanTests: XCTestCase {
    func test_wordTest_flagsExactlyTheBytesThatNeedALookInEveryLane() {
        for value in 0...255 {
            let flagged = (value < 0x20 && value != 0x09 && value != 0x0A) || value == 0x7F || value == 0xC2
            for lane in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[lane] = UInt8(value)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                XCTAssertEqual(ConsoleEscaping.mayNeedEscaping(word), flagged, "byte \(value) in lane \(lane)")
            }
        }
    }

    func test_needsEscaping_answersAsTheByteByByteReadingOnRandomTexts() {
        var random = SplitMix64(seed: 20261128)
        let alphabet: [UInt8] = Array("abc \u{E9}".utf8) + [0x09, 0x0A, 0x0D, 0x1B, 0x07, 0x7F, 0xC2, 0x80, 0x9F, 0xA0, 0x00]
        for _ in 0..<5_000 {
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ in
                random.next() % 4 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(ascii: "x")
            }
            let expected = reference(bytes)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { ConsoleEscaping.needsEscaping($0) }, expected, "\(bytes)")
        }
    }

    func test_needsEscaping_findsAC1ControlSplitAcrossTwoWords() {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 16)
        bytes[7] = 0xC2
        bytes[8] = 0x85
        XCTAssertTrue(bytes.withUnsafeBufferPointer { ConsoleEscaping.needsEscaping($0) })
        bytes[8] = 0xA9  // "©": not a control
        XCTAssertFalse(bytes.withUnsafeBufferPointer { ConsoleEscaping.needsEscaping($0) })
    }

    func test_needsEscaping_findsAControlInEveryPositionOfALongText() {
        for position in 0..<40 {
            var bytes = Array("a line\twith a tab\nand a newline, \u{E9}\u{A9} too…".utf8.prefix(40))
            XCTAssertFalse(bytes.withUnsafeBufferPointer { ConsoleEscaping.needsEscaping($0) })
            bytes[position] = 0x1B
            XCTAssertTrue(bytes.withUnsafeBufferPointer { ConsoleEscaping.needsEscaping($0) }, "ESC at \(position)")
        }
    }

    private func reference(_ bytes: [UInt8]) -> Bool {
        for (i, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || byte == 0x0D || byte == 0x1B { return true }
            if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { return true }
        }
        return false
    }
}
