import Survey
import XCTest

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
        var sut = SurveyPager(surveys: makeItems(2))
        sut.showNext()

        sut.showPrevious()
        XCTAssertEqual(sut.currentIndex, 0)
        sut.showPrevious()
        XCTAssertEqual(sut.currentIndex, 0)
    }

    func test_replace_showsTheNewSurveysFromTheFirst() {
        var sut = SurveyPager(surveys: makeItems(3))
        sut.showNext()
        sut.showNext()

        sut.replace(with: makeItems(1))

        XCTAssertEqual(sut.currentIndex, 0)
        XCTAssertEqual(sut.surveys.count, 1)
    }

    func test_init_showsNoSurveyWhenThereAreNone() {
        XCTAssertNil(SurveyPager().currentSurvey)
    }

    private func makeItems(_ count: Int) -> [SurveyItem] {
        (0..<count).map {
            SurveyItem(id: "\($0)", title: "t\($0)", description: "d\($0)", coverImageURL: URL(string: "https://i.example.com/\($0)")!)
        }
    }
}
