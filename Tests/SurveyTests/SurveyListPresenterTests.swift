import Survey
import XCTest

final class SurveyListPresenterTests: XCTestCase {
    func test_title_isLocalized() {
        XCTAssertEqual(SurveyListPresenter.title, "Surveys")
    }

    func test_loading_showsLoadingIndicatorWithoutError() {
        let viewModel = SurveyListPresenter.loading()

        XCTAssertTrue(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertEqual(viewModel.surveys, [])
    }

    func test_map_showsTitleDescriptionAndImageURLOfEverySurvey() {
        let items = [makeItem(id: "1"), makeItem(id: "2")]

        let viewModel = SurveyListPresenter.map(SurveyPager(surveys: items))

        XCTAssertFalse(viewModel.isLoading)
        XCTAssertNil(viewModel.errorMessage)
        XCTAssertEqual(viewModel.surveys.map(\.title), ["title 1", "title 2"])
        XCTAssertEqual(viewModel.surveys.map(\.description), ["description 1", "description 2"])
        XCTAssertEqual(
            viewModel.surveys.map(\.imageURL),
            [URL(string: "https://image.example.com/1l")!, URL(string: "https://image.example.com/2l")!], "the high-resolution variant")
    }

    func test_map_showsPageIndicatorWithOnePagePerSurveyAndTheCurrentOneSelected() {
        var pager = SurveyPager(surveys: [makeItem(id: "1"), makeItem(id: "2"), makeItem(id: "3")])
        pager.showNext()

        let viewModel = SurveyListPresenter.map(pager)

        XCTAssertEqual(viewModel.pageIndicator, PageIndicatorViewModel(numberOfPages: 3, currentPage: 1))
        XCTAssertEqual(viewModel.pageIndicator.accessibilityLabel, "Page 2 of 3")
        XCTAssertEqual(viewModel.currentSurvey?.title, "title 2")
    }

    func test_map_showsEmptyMessageOnNoSurveys() {
        let viewModel = SurveyListPresenter.map(SurveyPager())

        XCTAssertEqual(viewModel.errorMessage, SurveyListPresenter.emptyMessage)
        XCTAssertEqual(viewModel.pageIndicator, PageIndicatorViewModel(numberOfPages: 0, currentPage: 0))
        XCTAssertNil(viewModel.currentSurvey)
    }

    func test_mapError_showsConnectivityMessageAndKeepsShownSurveysOnConnectivityError() {
        let pager = SurveyPager(surveys: [makeItem(id: "1")])

        let viewModel = SurveyListPresenter.map(pager, error: RemoteSurveysLoader.Error.connectivity)

        XCTAssertEqual(viewModel.errorMessage, SurveyListPresenter.connectivityErrorMessage)
        XCTAssertEqual(viewModel.surveys.map(\.title), ["title 1"])
        XCTAssertFalse(viewModel.isLoading)
    }

    func test_mapError_showsGenericMessageOnInvalidData() {
        let viewModel = SurveyListPresenter.map(SurveyPager(), error: RemoteSurveysLoader.Error.invalidData)

        XCTAssertEqual(viewModel.errorMessage, SurveyListPresenter.invalidDataErrorMessage)
    }

    func test_mapError_asksToLogInAgainWhenNoTokenIsCached() {
        let viewModel = SurveyListPresenter.map(SurveyPager(), error: LocalTokenLoader.Error.notFound)

        XCTAssertEqual(viewModel.errorMessage, SurveyListPresenter.sessionExpiredMessage)
    }

    func test_mapError_asksToLogInAgainWhenTheTokenCannotBeRenewed() {
        let viewModel = SurveyListPresenter.map(SurveyPager(), error: RemoteTokenLoader.Error.invalidData)

        XCTAssertEqual(viewModel.errorMessage, SurveyListPresenter.sessionExpiredMessage)
    }

    func test_mapError_showsConnectivityMessageWhenTheTokenRenewalCannotReachTheServer() {
        let viewModel = SurveyListPresenter.map(SurveyPager(), error: RemoteTokenLoader.Error.connectivity)

        XCTAssertEqual(viewModel.errorMessage, SurveyListPresenter.connectivityErrorMessage)
    }

    private func makeItem(id: String) -> SurveyItem {
        SurveyItem(
            id: id, title: "title \(id)", description: "description \(id)", coverImageURL: URL(string: "https://image.example.com/\(id)")!)
    }
}

final class SurveyListDateHeaderTests: XCTestCase {
    func test_dateHeader_isWeekdayMonthAndDayInCapitalsInTheGivenTimeZone() {
        let date = Date(timeIntervalSince1970: 1_795_334_400)  // 2026-11-22T08:00:00Z

        XCTAssertEqual(SurveyListPresenter.dateHeader(for: date, timeZone: TimeZone(identifier: "UTC")!), "SUNDAY, NOV 22")
        XCTAssertEqual(SurveyListPresenter.dateHeader(for: date, timeZone: TimeZone(identifier: "Pacific/Honolulu")!), "SATURDAY, NOV 21")
    }

    func test_map_carriesTheDateHeader() {
        XCTAssertEqual(SurveyListPresenter.map(SurveyPager(), dateHeader: "SUNDAY, NOV 22").dateHeader, "SUNDAY, NOV 22")
        XCTAssertNil(SurveyListPresenter.map(SurveyPager()).dateHeader)
    }
}
