import DomainTestSupport
import Survey
import XCTest

final class SurveyAppTests: XCTestCase {
    func test_api_placesTheTokenAndSurveyEndpointsUnderTheBaseURL() {
        let sut = SurveyAPI(baseURL: URL(string: "https://survey.example.com")!)

        XCTAssertEqual(sut.tokenURL.absoluteString, "https://survey.example.com/api/v1/oauth/token")
        XCTAssertEqual(sut.surveysURL.absoluteString, "https://survey.example.com/api/v1/surveys")
        XCTAssertEqual(SurveyAPI.listPageSize, 5, "the original's home screen loads page 1 of 5")
    }

    func test_init_sendsNothing() async {
        let (_, client, _) = makeSUT()

        let requests = await client.requests
        XCTAssertEqual(requests, [])
    }

    func test_loginController_cachesTheTokenThenShowsTheSurveysOnLogin() async throws {
        let (sut, client, navigation) = makeSUT()
        await client.stub(statusCode: 200, data: makeTokenJSON(accessToken: "new"))
        var heard: [String] = []
        let login = sut.makeLoginController(view: LoginViewDummy(), onLoggedIn: { heard.append($0.accessToken) })

        _ = try await login.logIn(email: "dev@nimblehq.co", password: "12345678").get()

        XCTAssertEqual(heard, ["new"])
        XCTAssertEqual(navigation.shown, [.surveys])
        let requests = await client.requests
        XCTAssertEqual(requests.map(\.url.path), ["/api/v1/oauth/token"])
        let cached = try await sut.cache.load()
        XCTAssertEqual(cached.accessToken, "new")
    }

    func test_surveyList_asksForTheFirstPageOfTheAPIsPageSizeSignedWithTheCachedToken() async throws {
        let (sut, client, _) = makeSUT()
        try await sut.cache.save(makeToken(accessToken: "cached", expiryDate: .distantFuture))
        await client.stub(statusCode: 200, data: Data(#"{"data": []}"#.utf8))
        let list = sut.makeSurveyListController(view: SurveyListViewDummy())

        _ = await list.load()

        let requests = await client.requests
        XCTAssertEqual(requests.count, 1)
        let query = URLComponents(url: try XCTUnwrap(requests.first?.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
        XCTAssertEqual(requests.first?.url.path, "/api/v1/surveys")
        XCTAssertEqual(query.first { $0.name == "page[number]" }?.value, "1")
        XCTAssertEqual(query.first { $0.name == "page[size]" }?.value, "5")
        XCTAssertEqual(requests.first?.headers["Authorization"], "Bearer cached")
    }

    // MARK: - Helpers

    private func makeSUT() -> (SurveyApp, HTTPClientSpy, NavigationSpy) {
        let client = HTTPClientSpy()
        let navigation = NavigationSpy()
        let sut = SurveyApp(
            api: SurveyAPI(baseURL: URL(string: "https://survey.example.com")!), client: client, store: InMemoryTokenStore(),
            credentials: anyCredentials(), navigation: navigation, currentDate: { fixedDate() })
        return (sut, client, navigation)
    }

    private final class NavigationSpy: SurveyNavigation {
        private(set) var shown: [SurveyScreen] = []

        func show(_ screen: SurveyScreen) { shown.append(screen) }
    }

    private final class LoginViewDummy: LoginView {
        func display(_ viewModel: LoginViewModel) {}
    }

    private final class SurveyListViewDummy: SurveyListView {
        func display(_ viewModel: SurveyListViewModel) {}
    }
}
