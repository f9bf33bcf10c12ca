import Foundation
import XCTest

@testable import Messages

final class RandomUUIDGeneratorTests: XCTestCase {
    func test_newId_givesTheSameSequenceAsBeforeOnTheSameSeed() {
        let sut = RandomUUIDGenerator(seed: 42)

        let ids = (0..<3).map { _ in sut.newId() }

        // The values the former Character-array implementation gave: workers of older runs name things alike.
        XCTAssertEqual(
            ids,
            [
                "bdd73226-2feb-4e95-b9c3-2cd79ccd877e", "28efe333-b266-4103-b0f3-174518017a5a",
                "47526757-130f-4f52-9399-0ee6c3746d7c",
            ])
        XCTAssertEqual(RandomUUIDGenerator(seed: 0).newId(), "e220a839-7b1d-4daf-b161-346224370df2")
        XCTAssertEqual(RandomUUIDGenerator(seed: .max).newId(), "e4d97177-1b65-4c20-a2f8-b8ca88b848e0")
    }

    func test_newId_makesDistinctVersion4UUIDsOnManyCalls() {
        let sut = RandomUUIDGenerator(seed: 7)

        let ids = (0..<10_000).map { _ in sut.newId() }

        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids.prefix(200) {
            let uuid = UUID(uuidString: id)
            XCTAssertNotNil(uuid, id)
            XCTAssertEqual(id, uuid?.uuidString.lowercased())
            XCTAssertEqual(Array(id.utf8)[14], UInt8(ascii: "4"), id)
            XCTAssertTrue("89ab".utf8.contains(Array(id.utf8)[19]), id)
        }
    }

    func test_newId_differsBetweenTwoUnseededGenerators() {
        let first = UUIDGenerator(), second = UUIDGenerator()

        XCTAssertNotEqual((0..<10).map { _ in first.newId() }, (0..<10).map { _ in second.newId() })
        XCTAssertNotNil(UUID(uuidString: first.newId()))
    }
}
