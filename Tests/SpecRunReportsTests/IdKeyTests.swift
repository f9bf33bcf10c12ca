import XCTest
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
