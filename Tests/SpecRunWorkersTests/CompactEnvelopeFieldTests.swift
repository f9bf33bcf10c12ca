import XCTest

@testable import SpecRunWorkers

/// A text is a compact line's field when it has no space nor control character: `hasSpaceOrControl` reads eight
/// bytes at a time and must answer what a byte-by-byte reading answers, for any byte in any position.
final class CompactEnvelopeFieldTests: XCTestCase {
    func test_hasSpaceOrControl_answersAsTheByteByByteReadingForEveryByteInEveryPosition() {
        for count in 0..<26 {
            for position in 0..<max(count, 1) {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                    if count > 0 { bytes[position] = UInt8(value) }
                    let expected = bytes.contains { $0 <= 0x20 }
                    XCTAssertEqual(
                        bytes.withUnsafeBufferPointer { CompactEnvelope.hasSpaceOrControl($0) }, expected,
                        "byte \(value) at \(position) of \(count)")
                }
            }
        }
    }

    func test_fieldIfFits_appendsTheTextAndASpaceOnlyWhenItFits() {
        var out: [UInt8] = []

        XCTAssertTrue(CompactEnvelope.field(ifFits: "abcdefghijklmnopq", &out))
        XCTAssertFalse(CompactEnvelope.field(ifFits: "abcdefghijklmno q", &out))
        XCTAssertFalse(CompactEnvelope.field(ifFits: "", &out))
        XCTAssertFalse(CompactEnvelope.field(ifFits: "é\tx", &out))
        XCTAssertTrue(CompactEnvelope.field(ifFits: "é", &out))

        XCTAssertEqual(String(decoding: out, as: UTF8.self), "abcdefghijklmnopq é ")
    }
}
