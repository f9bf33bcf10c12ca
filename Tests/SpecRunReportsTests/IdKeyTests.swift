import SharedTestData
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The index's id keys hash the text, not how Swift happens to store it.
final class IdKeyTests: XCTestCase {
    func test_keys_findTheSameIdHoweverItsStringIsStoredOnShortAndLongIds() {
        let ids = ["a", "abcdefghijklmno", "abcdefghijklmnop", "d3b07384-d9a0-4c9b-8f3e-1a2b3c4d5e6f", "ünïcödé-id", ""]
        var table = IdTable<Int>()
        for (position, id) in ids.enumerated() { table[id: id] = position }
        for (position, id) in ids.enumerated() {
            // Built piece by piece, from a substring and from bytes: other storage, the same text.
            let rebuilt = String(decoding: Array(id.utf8), as: UTF8.self)
            let sliced = String(("<" + id + ">").dropFirst().dropLast())
            XCTAssertEqual(table[id: rebuilt], position, id)
            XCTAssertEqual(table[id: sliced], position, id)
        }
        XCTAssertNil(table[id: "abcdefghijklmnq"])
    }

    func test_hash_spreadsIdsThatDifferInOneByte() {
        let seeds = [0, 42]
        for seed in seeds {
            let hashes = Set((0..<1000).map { IdKey.hash("id-\($0)", seed: seed) & 0xFFF })
            XCTAssertGreaterThan(hashes.count, 700, "low bits (what a table uses) must differ for similar ids")
        }
        XCTAssertNotEqual(IdKey.hash("same", seed: 1), IdKey.hash("same", seed: 2))
    }
}

/// `Hashable`'s contract for the index's keys, over generated texts that mix canonically equivalent spellings
/// ("é" precomposed and "e" + combining acute, "Å" as one scalar, as A + ring and as the Ångström sign, Hangul
/// syllables and their jamo): equal keys hash alike, and keys are equal exactly when their bytes are.
final class IdKeyContractTests: XCTestCase {
    /// Pieces with canonically equivalent spellings of different bytes, and plain ones.
    private static let pieces = [
        "\u{E9}", "e\u{301}", "\u{C5}", "A\u{30A}", "\u{212B}", "\u{AC00}", "\u{1100}\u{1161}",
        "a", "-", "0", "id", "\u{1F600}", "ü", "u\u{308}",
    ]

    private func makeTexts(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let length = Int(generator.next() % 24)
            return (0..<length).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
        }
    }

    func test_idKey_equalKeysHashAlikeAndEqualityIsByteEqualityOnCanonicallyEquivalentTexts() {
        let texts = makeTexts(count: 400, seed: 35)
        var sawEquivalentButDifferent = false
        for left in texts {
            for right in texts.prefix(120) {
                let equal = IdKey(left) == IdKey(right)
                XCTAssertEqual(equal, Array(left.utf8) == Array(right.utf8), "\(left.debugDescription) \(right.debugDescription)")
                if equal { XCTAssertEqual(IdKey(left).hashValue, IdKey(right).hashValue, left.debugDescription) }
                if left == right && !equal { sawEquivalentButDifferent = true }
            }
        }
        XCTAssertTrue(sawEquivalentButDifferent, "the generator must make canonically equivalent texts of other bytes")
    }

    func test_idTable_keepsTwoEntriesForTwoSpellingsAndFindsEachOnItsOwnBytes() {
        var table = IdTable<Int>()
        table[id: "caf\u{E9}"] = 1
        table[id: "cafe\u{301}"] = 2
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table[id: String(decoding: Array("caf\u{E9}".utf8), as: UTF8.self)], 1)
        XCTAssertEqual(table[id: String(decoding: Array("cafe\u{301}".utf8), as: UTF8.self)], 2)
        var pool = Set<IdKey>()
        XCTAssertEqual(Array(pool.shared("cafe\u{301}").utf8), Array("cafe\u{301}".utf8))
        XCTAssertEqual(Array(pool.shared("caf\u{E9}").utf8), Array("caf\u{E9}".utf8), "a text keeps its own bytes")
    }

    func test_argumentsKey_equalKeysHashAlikeOnCanonicallyEquivalentTexts() {
        let texts = makeTexts(count: 200, seed: 7)
        for left in texts {
            for right in texts.prefix(60) {
                let (a, b) = (ArgumentsKey(text: left, definitionId: "d"), ArgumentsKey(text: right, definitionId: "d"))
                XCTAssertEqual(a == b, Array(left.utf8) == Array(right.utf8))
                if a == b { XCTAssertEqual(a.hashValue, b.hashValue) }
            }
        }
        var pool: [ArgumentsKey: Int] = [:]
        pool[ArgumentsKey(text: "I pay 5 \u{E9}", definitionId: "d")] = 1
        XCTAssertNil(pool[ArgumentsKey(text: "I pay 5 e\u{301}", definitionId: "d")], "other bytes, other offsets")
        XCTAssertEqual(pool[ArgumentsKey(text: String(decoding: Array("I pay 5 \u{E9}".utf8), as: UTF8.self), definitionId: "d")], 1)
    }
}
