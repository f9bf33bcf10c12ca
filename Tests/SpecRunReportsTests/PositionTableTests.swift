import XCTest

@testable import SpecRunReportCore

/// Ids to positions, checked against the id at the position found (the table keeps hashes, not ids).
final class PositionTableTests: XCTestCase {
    func test_position_findsEveryIdInsertedOnGrowthAndNoOtherOne() {
        let ids = (0..<5_000).map { "id-\($0)-of-a-run" }
        var sut = PositionTable()

        for (position, id) in ids.enumerated() { sut.insertNew(id, at: Int32(position)) }

        XCTAssertEqual(sut.count, ids.count)
        for (position, id) in ids.enumerated() { XCTAssertEqual(sut.position(of: id) { ids[Int($0)] }, Int32(position), id) }
        XCTAssertNil(sut.position(of: "id-5000-of-a-run") { ids[Int($0)] })
        XCTAssertNil(sut.position(of: "") { ids[Int($0)] })
    }

    func test_position_comparesBytesNotCanonicalEquivalence() {
        let ids = ["caf\u{E9}", "cafe\u{301}"]
        var sut = PositionTable()
        sut.insertNew(ids[0], at: 0)

        XCTAssertEqual(sut.position(of: "caf\u{E9}") { ids[Int($0)] }, 0)
        XCTAssertNil(sut.position(of: ids[1]) { ids[Int($0)] }, "an equivalent spelling is another id")
    }

    func test_reserveCapacity_keepsEveryIdFoundAfterRehashing() {
        let ids = (0..<100).map { "p\($0)" }
        var sut = PositionTable()
        for position in 0..<50 { sut.insertNew(ids[position], at: Int32(position)) }

        sut.reserveCapacity(10_000)
        for position in 50..<100 { sut.insertNew(ids[position], at: Int32(position)) }

        for position in ids.indices { XCTAssertEqual(sut.position(of: ids[position]) { ids[Int($0)] }, Int32(position)) }
    }

    func test_position_checksTheIdAtAPositionWhoseHashMatches() {
        // Every id found at position 0 is "a": another id is never answered with a position holding something else.
        var sut = PositionTable()
        sut.insertNew("a", at: 0)

        XCTAssertNil(sut.position(of: "b") { _ in "a" })
        XCTAssertEqual(sut.position(of: "a") { _ in "a" }, 0)
    }
}
