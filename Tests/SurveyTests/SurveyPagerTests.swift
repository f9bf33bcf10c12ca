import XCTest
import Survey

final class SurveyPagerTests: XCTestCase {
    func test_init_showsFirstSurvey() {
        let sut = SurveyPager(surveys: makeItems(3))

        XCTAssertEqual(sut.currentIndex, 0)
        XCTAssertEqual(sut.currentSurvey?.id, "0")
    }

    func test_showNext_movesToNextSurveyAndStopsAtTheLast() {
        var sut = SurveyPager(surveys: makeItems(2))

        sut.showNext()
        XCTAssertEqual(sut.currentSurvey?.id, "1")
        sut.showNext()
        XCTAssertEqual(sut.currentSurvey?.id, "1")
    }

    func test_showPrevious_movesToPreviousSurveyAndStopsAtTheFirst() {
        var sut = SurveyPager(surveys: makeItems(2), currentIndex: 1)

        sut.showPrevious()
        XCTAssertEqual(sut.currentIndex, 0)
        sut.showPrevious()
        XCTAssertEqual(sut.currentIndex, 0)
    }

    func test_replace_showsTheNewSurveysFromTheFirst() {
        var sut = SurveyPager(surveys: makeItems(3), currentIndex: 2)

        sut.replace(with: makeItems(1))

        XCTAssertEqual(sut.currentIndex, 0)
        XCTAssertEqual(sut.surveys.count, 1)
    }

    func test_init_clampsAnOutOfRangeIndex() {
        XCTAssertEqual(SurveyPager(surveys: makeItems(2), currentIndex: 9).currentIndex, 1)
        XCTAssertEqual(SurveyPager(surveys: makeItems(2), currentIndex: -3).currentIndex, 0)
        XCTAssertNil(SurveyPager(surveys: [], currentIndex: 4).currentSurvey)
    }

    private func makeItems(_ count: Int) -> [SurveyItem] {
        (0..<count).map { SurveyItem(id: "\($0)", title: "t\($0)", description: "d\($0)", coverImageURL: URL(string: "https://i.example.com/\($0)")!) }
    }
}
