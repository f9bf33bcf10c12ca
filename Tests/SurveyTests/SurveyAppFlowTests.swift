import DomainTestSupport
import Survey
import XCTest

final class SurveyAppFlowTests: XCTestCase {
    func test_start_showsTheSurveysOnCachedToken() async throws {
        let (sut, store, navigation) = makeSUT()
        try await LocalTokenLoader(store: store).save(makeToken())

        await sut.start()

        XCTAssertEqual(navigation.shown, [.surveys])
    }

    func test_start_showsTheLoginFormOnEmptyCache() async {
        let (sut, _, navigation) = makeSUT()

        await sut.start()

        XCTAssertEqual(navigation.shown, [.login])
    }

    func test_start_showsTheLoginFormOnUnreadableCache() async throws {
        let (sut, store, navigation) = makeSUT()
        try await store.insert(Data("not a token".utf8))

        await sut.start()

        XCTAssertEqual(navigation.shown, [.login])
    }

    func test_didLogIn_showsTheSurveys() {
        let (sut, _, navigation) = makeSUT()

        sut.didLogIn()

        XCTAssertEqual(navigation.shown, [.surveys])
    }

    func test_logOut_clearsTheTokenThenShowsTheLoginForm() async throws {
        let (sut, store, navigation) = makeSUT()
        try await LocalTokenLoader(store: store).save(makeToken())

        try await sut.logOut()

        XCTAssertEqual(navigation.shown, [.login])
        let error = await captureError { try await LocalTokenLoader(store: store).load() }
        XCTAssertEqual(error as? LocalTokenLoader.Error, .notFound)
    }

    func test_logOut_showsNothingAndDeliversTheErrorOnDeletionError() async {
        let store = TokenStoreSpy()
        await store.stubDeletionError(AnyError())
        let navigation = NavigationSpy()
        let sut = SurveyAppFlow(cache: LocalTokenLoader(store: store), logout: LogoutService(store: store), navigation: navigation)

        let error = await captureError { try await sut.logOut() }

        XCTAssertEqual(error as? AnyError, AnyError())
        XCTAssertEqual(navigation.shown, [])
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (SurveyAppFlow, InMemoryTokenStore, NavigationSpy) {
        let store = InMemoryTokenStore()
        let navigation = NavigationSpy()
        let sut = SurveyAppFlow(cache: LocalTokenLoader(store: store), logout: LogoutService(store: store), navigation: navigation)
        addTeardownBlock { [weak sut, weak navigation] in
            XCTAssertNil(sut, "SurveyAppFlow should have been deallocated", file: file, line: line)
            XCTAssertNil(navigation, "the navigation should have been deallocated", file: file, line: line)
        }
        return (sut, store, navigation)
    }

    private final class NavigationSpy: SurveyNavigation {
        private(set) var shown: [SurveyScreen] = []

        func show(_ screen: SurveyScreen) { shown.append(screen) }
    }
}
