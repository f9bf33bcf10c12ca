import SharedTestData
import XCTest
@testable import SpecRunReports

/// The run index's byte-keyed table: a key is found by its bytes however its string is stored, canonically
/// equivalent spellings are two keys (as `IdKey`), and every key stays findable as the table grows.
final class ByteTableTests: XCTestCase {
    func test_lookup_findsEveryKeyByItsBytesOnATableThatGrew() {
        var sut = ByteTable<Int>()
        let keys = (0..<1_000).map { "d3b07384-d9a0-4c9b-8f3e-\($0)" } + ["", "a", "ünïcödé-id"]
        for (position, key) in keys.enumerated() { sut.set(position, for: key) }

        for (position, key) in keys.enumerated() {
            let rebuilt = String(decoding: Array(key.utf8), as: UTF8.self)
            XCTAssertEqual(sut[rebuilt], position, key)
            XCTAssertEqual(sut.index(of: key), position, key)
        }
        XCTAssertEqual(sut.count, keys.count)
        XCTAssertNil(sut["d3b07384-d9a0-4c9b-8f3e-1000"])
    }

    func test_set_replacesTheValueOnAKnownKey() {
        var sut = ByteTable<String>()
        sut.set("first", for: "id")

        sut.set("second", for: String(decoding: Array("id".utf8), as: UTF8.self))

        XCTAssertEqual(sut["id"], "second")
        XCTAssertEqual(sut.count, 1)
    }

    func test_shared_returnsTheCopyAlreadyKeptOnTheSameBytes() {
        var sut = ByteTable<Void>()
        let first = "they pay 10 for the items in the cart"
        XCTAssertEqual(sut.shared(first, value: ()), first)

        let again = sut.shared(String(decoding: Array(first.utf8), as: UTF8.self), value: ())

        XCTAssertEqual(again, first)
        XCTAssertEqual(sut.count, 1)
    }

    func test_lookup_keepsCanonicallyEquivalentSpellingsApartOnGeneratedTexts() {
        let pieces = ["\u{E9}", "e\u{301}", "\u{C5}", "A\u{30A}", "\u{212B}", "\u{AC00}", "\u{1100}\u{1161}", "a", "-"]
        var generator = SplitMix64(seed: 15)
        let texts = (0..<500).map { _ in
            (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        var sut = ByteTable<[UInt8]>()
        for text in texts { sut.set(Array(text.utf8), for: text) }

        let distinctBytes = Set(texts.map { Array($0.utf8) })
        XCTAssertEqual(sut.count, distinctBytes.count, "one entry per byte sequence, not per canonical text")
        XCTAssertLessThan(Set(texts).count, distinctBytes.count, "the generator must make equivalent texts of other bytes")
        for text in texts { XCTAssertEqual(sut[text], Array(text.utf8), text.debugDescription) }
    }
}
