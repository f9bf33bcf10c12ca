import XCTest

@testable import Messages

final class RandomIdGeneratorTests: XCTestCase {
    func test_newId_makesFifteenAlphanumericCharactersOnAnySeed() {
        for seed: UInt64 in [0, 1, 42, .max] {
            let id = RandomIdGenerator(seed: seed).newId()

            XCTAssertEqual(id.utf8.count, RandomIdGenerator.length, id)
            XCTAssertTrue(id.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }, id)
        }
    }

    func test_newId_repeatsTheSequenceOnTheSameSeedAndDiffersOnAnother() {
        let first = RandomIdGenerator(seed: 7), second = RandomIdGenerator(seed: 7), other = RandomIdGenerator(seed: 8)

        let ids = (0..<10_000).map { _ in first.newId() }

        XCTAssertEqual(ids, (0..<10_000).map { _ in second.newId() })
        XCTAssertEqual(Set(ids).count, ids.count, "no id repeats")
        XCTAssertTrue(Set(ids).isDisjoint(with: (0..<10_000).map { _ in other.newId() }))
    }

    func test_newId_isAStableFunctionOfSeedAndPosition() {
        XCTAssertEqual(RandomIdGenerator(seed: 0).newId(), RandomIdGenerator(seed: 0).newId())
        XCTAssertNotEqual(RandomIdGenerator(seed: 0).newId(), RandomIdGenerator(seed: 1).newId())
    }

    func test_newId_isTenBase62DigitsOfTheHighBitsThenFiveOfTheLowOnesLeastSignificantFirst() {
        let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for seed: UInt64 in [0, 1, 42, 0xDEAD_BEEF, .max] {
            let generator = RandomIdGenerator(seed: seed)
            for index: UInt64 in 0..<200 {
                let (high, low) = RandomUUIDGenerator.bits(seed: seed, index: index)
                var digits: [UInt8] = []
                var value = high
                for _ in 0..<10 { digits.append(alphabet[Int(value % 62)]); value /= 62 }
                value = low
                for _ in 0..<5 { digits.append(alphabet[Int(value % 62)]); value /= 62 }

                XCTAssertEqual(generator.newId(), String(decoding: digits, as: UTF8.self))
            }
        }
    }

    func test_newId_makesStringsAsTheStandardLibraryDoes() throws {
        let generator = RandomIdGenerator(seed: 0xC0FFEE)
        var byId: [String: Int] = [:]
        for index in 0..<2_000 {
            let id = generator.newId()
            let checked = String(decoding: Array(id.utf8), as: UTF8.self)

            XCTAssertEqual(id, checked)
            XCTAssertEqual(id.hashValue, checked.hashValue)
            XCTAssertEqual(id.count, RandomIdGenerator.length)
            XCTAssertEqual(id + "!", checked + "!")
            XCTAssertTrue(id < checked + "0")
            byId[id] = index
            XCTAssertEqual(byId[checked], index)
        }
    }

    func test_derived_givesTheSameIdsForTheSameKeyWhateverWasDrawnBefore() {
        let first = RandomIdGenerator(seed: 42)
        let second = RandomIdGenerator(seed: 42)
        _ = (0..<5).map { _ in second.newId() }

        let fromFirst = (0..<3).map { _ in first.derived("features/a.feature", salt: 1).newId() }
        let part = second.derived("features/a.feature", salt: 1)

        XCTAssertEqual(fromFirst[0], part.newId())
        XCTAssertEqual(Set(fromFirst).count, 1, "a new part each time, starting where the key says")
    }

    func test_derived_drawsTheSequenceOfAGeneratorOfItsSeed() {
        let part = RandomIdGenerator(seed: 42).derived(7)
        let whole = RandomIdGenerator(seed: IdFormat.derivedSeed(42, 7))

        XCTAssertEqual((0..<100).map { _ in part.newId() }, (0..<100).map { _ in whole.newId() })
        XCTAssertEqual(part.derived(3).newId(), whole.derived(3).newId())
    }

    func test_derived_givesUnrelatedIdsForOtherKeysSaltsAndSeeds() {
        let base = RandomIdGenerator(seed: 42)
        let part = base.derived(7)
        var seen = Set<String>()
        for generator in [
            part, base.derived(8), base.derived(7).derived(7), RandomIdGenerator(seed: 43).derived(7),
            base.derived("a", salt: 1), base.derived("a", salt: 2), base.derived("b", salt: 1), base,
        ] {
            for _ in 0..<1000 { seen.insert(generator.newId()) }
        }

        XCTAssertEqual(seen.count, 8000)
    }

    func test_derived_goesOnWithTheOneSequenceOfPredictableIds() {
        let ids = IncrementingIdGenerator()
        _ = ids.newId()

        XCTAssertEqual(ids.derived("features/a.feature", salt: 1).newId(), "1")
        XCTAssertEqual(ids.newId(), "2")
    }
}
