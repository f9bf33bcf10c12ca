import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The table of pickle step places keeps no ids: every answer is checked against the pickle it points at.
final class PickleStepTableTests: XCTestCase {
    func test_place_findsEveryStepOnATableThatGrewManyTimes() {
        let pickles = (0..<300).map { makePickle("p\($0)", steps: 7) }
        var sut = PickleStepTable()
        for (slot, pickle) in pickles.enumerated() {
            for (position, step) in pickle.steps.enumerated() {
                sut.insert(step.id, at: PickleStepPlace(slot: Int32(slot), position: Int32(position)), in: pickles)
            }
        }
        XCTAssertEqual(sut.count, 2100)
        for (slot, pickle) in pickles.enumerated() {
            for (position, step) in pickle.steps.enumerated() {
                let place = sut.place(of: step.id, in: pickles)
                XCTAssertEqual(place.map { [Int($0.slot), Int($0.position)] }, [slot, position], step.id)
            }
        }
        XCTAssertNil(sut.place(of: "p0-s7", in: pickles))
        XCTAssertNil(sut.place(of: "", in: pickles))
    }

    func test_insert_replacesThePlaceOnAStepSentAgain() {
        let pickles = [makePickle("a", steps: 2), makePickle("a", steps: 2)]
        var sut = PickleStepTable()
        sut.insert("a-s1", at: PickleStepPlace(slot: 0, position: 1), in: pickles)
        sut.insert("a-s1", at: PickleStepPlace(slot: 1, position: 1), in: pickles)

        XCTAssertEqual(sut.count, 1)
        XCTAssertEqual(sut.place(of: "a-s1", in: pickles)?.slot, 1)
    }

    func test_place_isNilOnAPickleSentAgainWithoutTheStep() {
        var pickles = [makePickle("a", steps: 2)]
        var sut = PickleStepTable()
        sut.insert("a-s1", at: PickleStepPlace(slot: 0, position: 1), in: pickles)
        pickles[0] = makePickle("b", steps: 2)

        XCTAssertNil(sut.place(of: "a-s1", in: pickles))
    }

    private func makePickle(_ id: String, steps: Int) -> Pickle {
        Pickle(
            id: id, uri: "a.feature", name: id, language: "en",
            steps: (0..<steps).map { PickleStep(astNodeIds: [], id: "\(id)-s\($0)", text: "step \($0)") },
            tags: [], astNodeIds: [])
    }
}

extension PickleStepTableTests {
    func test_place_findsAStepByItsOwnBytesOnTwoCanonicallyEquivalentIds() {
        let pickles = [
            Pickle(
                id: "p", uri: "a.feature", name: "p", language: "en",
                steps: [
                    PickleStep(astNodeIds: [], id: "caf\u{E9}", text: "a"),
                    PickleStep(astNodeIds: [], id: "cafe\u{301}", text: "b"),
                ],
                tags: [], astNodeIds: [])
        ]
        var sut = PickleStepTable()
        sut.insert("caf\u{E9}", at: PickleStepPlace(slot: 0, position: 0), in: pickles)
        sut.insert("cafe\u{301}", at: PickleStepPlace(slot: 0, position: 1), in: pickles)

        XCTAssertEqual(sut.count, 2)
        XCTAssertEqual(sut.place(of: "caf\u{E9}", in: pickles)?.position, 0)
        XCTAssertEqual(sut.place(of: "cafe\u{301}", in: pickles)?.position, 1)
    }
}
