import SharedTestData
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// `ConsoleBuffer` copies each piece into room it keeps (`memcpy`, not `Array.append`), and `TerminalText.isASCII`
/// reads eight bytes at a time: both must give exactly what the plain ways give, whatever the sizes and positions.
final class ConsoleBufferTests: XCTestCase {
    private func makeSUT(capacity: Int) -> ConsoleBuffer { ConsoleBuffer(capacity: capacity) }

    func test_append_writesThePiecesInOrderOnAnyMixOfSizesAndGrowth() {
        var random = SplitMix64(seed: 20261204)
        let pieces = [
            "", "a", "é", "Given ", String(repeating: "x", count: 15), String(repeating: "y", count: 16),
            String(repeating: "z", count: 300),
        ]
        for capacity in [0, 1, 16, 64] {
            var sut = makeSUT(capacity: capacity)
            var expected = ""
            for _ in 0..<400 {
                switch random.next() % 5 {
                case 0:
                    sut.append(byte: 0x2D)
                    expected += "-"
                case 1:
                    let count = Int(random.next() % 300)
                    sut.appendSpaces(count)
                    expected += String(repeating: " ", count: count)
                case 2:
                    let number = Int(random.next() % 100_000) - 50_000
                    sut.append(number: number)
                    expected += "\(number)"
                case 3:
                    let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                    sut.append(piece.dropFirst())
                    expected += piece.dropFirst()
                default:
                    let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                    sut.append(piece)
                    expected += piece
                }
            }
            XCTAssertEqual(sut.text, expected, "capacity \(capacity)")
            XCTAssertEqual(sut.count, expected.utf8.count)
            sut.removeAll()
            sut.append("again")
            XCTAssertEqual(sut.text, "again")
            XCTAssertEqual(sut.withBytes { Array($0) }, Array("again".utf8))
        }
    }

    func test_isASCII_answersAsTheByteByByteReadingForAHighByteAtEveryPosition() {
        for count in 0..<40 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: count)
            XCTAssertTrue(plain.withUnsafeBufferPointer { TerminalText.isASCII($0) }, "\(count) ASCII bytes")
            for position in 0..<count {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[position] = high
                    XCTAssertFalse(bytes.withUnsafeBufferPointer { TerminalText.isASCII($0) }, "\(high) at \(position) of \(count)")
                }
            }
        }
        XCTAssertEqual(TerminalText.width("Given a cart of 12 items"), 24)
        XCTAssertEqual(TerminalText.width("Given a café 🍰"), 15)
    }
}
