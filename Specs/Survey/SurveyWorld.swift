import DomainTestSupport
import Foundation
import SpecRun
import Survey

/// One scenario of the Survey app: the real use cases, composed as the app composes them, with test doubles only
/// at the boundary (in-memory survey API, scripted token store, a clock the steps set).
final class SurveyWorld: ScriptedBoundaryWorld {
    static let baseURL = URL(string: "https://survey-api.example.com")!

    let clock = SpecClock()
    let server = InMemorySurveyServer()
    var boundary: ScriptedBoundary { server.boundary }
    let store = ScriptedTokenStore()
    var credentials = ClientCredentials(clientID: "client-id", clientSecret: "client-secret")
    var temporaryDirectory: URL?
    /// Set when the scenario drives the app's own HTTP client against the server over 127.0.0.1.
    var overHTTP: SurveyAPIOverHTTP?

    // What the user and the app saw
    var loginResult: Result<Token, any Error>?
    var loginViewModel: LoginViewModel? { loginScreen.shown.last }
    /// What the app did after a successful login (the surveys are shown with this token).
    var loggedInToken: Token?
    var cacheLoadResult: Result<Token, any Error>?
    var cacheSaveResult: Result<Void, any Error>?
    var storeMessagesBeforeWhen: Int = 0
    var surveysResults: [Result<[SurveyItem], any Error>] = []
    let loginScreen = SurveyScreenRecorder<LoginViewModel>()
    let listScreen = SurveyScreenRecorder<SurveyListViewModel>()
    var listViewModel: SurveyListViewModel? { listScreen.shown.last }
    var listError: (any Error)?
    var logoutResult: Result<Void, any Error>?

    required init() {}

    // MARK: Composition (as the app composes the use cases)

    var baseURL: URL { overHTTP?.baseURL ?? Self.baseURL }
    /// The app's HTTP client: the server in memory, or the app's `URLSessionHTTPClient` talking to it over HTTP.
    var client: any HTTPClient { overHTTP?.client ?? server }
    var api: SurveyAPI { SurveyAPI(baseURL: baseURL) }
    /// The token provider of the last surveys loader made (concurrency scenarios line their callers up on it).
    var lastTokenProvider: TokenProvider?
    var tokenCache: LocalTokenLoader { LocalTokenLoader(store: store) }

    /// The app as the domain composes it (built at the first When, after the Givens chose the client).
    lazy var app = SurveyApp(
        api: api, client: client, store: store, credentials: credentials, navigation: navigation,
        currentDate: clock.currentDate)

    func makeSurveysLoader() -> RemoteSurveysLoader {
        let provider = app.makeTokenProvider()
        lastTokenProvider = provider
        return app.makeSurveysLoader(tokenProvider: provider)
    }

    // MARK: Flows

    lazy var loginController = app.makeLoginController(view: loginScreen, onLoggedIn: { [unowned self] in self.loggedInToken = $0 })
    let navigation = SurveyNavigationRecorder()
    var appFlow: SurveyAppFlow { app.flow }

    func logIn(email: String, password: String) async {
        loginResult = await loginController.logIn(email: email, password: password)
    }

    func loadSurveys(page: Int, size: Int) async {
        do {
            surveysResults.append(.success(try await makeSurveysLoader().load(page: page, size: size)))
        } catch {
            surveysResults.append(.failure(error))
        }
    }

    /// The user's time zone (the steps may set it before the list opens).
    var timeZone = TimeZone(identifier: "UTC")!
    lazy var listController = app.makeSurveyListController(view: listScreen, timeZone: timeZone, currentDate: clock.currentDate)

    /// Opening the list and pulling to refresh both load the first page (see `SurveyListController`).
    func showSurveyList() async {
        if case let .failure(error) = await listController.load() { listError = error } else { listError = nil }
    }

    func swipe(_ direction: String) throws {
        switch direction {
        case "left": listController.showNext()
        case "right": listController.showPrevious()
        default: throw fail("Unknown swipe direction \"\(direction)\": write \"left\" or \"right\".")
        }
    }

    func logOut() async {
        do {
            try await appFlow.logOut()
            logoutResult = .success(())
        } catch {
            logoutResult = .failure(error)
        }
    }

    /// The user logged in on an earlier launch: the token is cached and the server knows it.
    func arrangeSession(accessToken: String, refreshToken: String, expiry: Date) async throws {
        try await seedCache(Token(accessToken: accessToken, tokenType: "Bearer", refreshToken: refreshToken, expiryDate: expiry))
        await server.knowSession(accessToken: accessToken, refreshToken: refreshToken)
    }

    func seedCache(_ token: Token) async throws {
        let scratch = InMemoryTokenStore()
        try await LocalTokenLoader(store: scratch).save(token)
        if let data = try await scratch.retrieve() { try await store.seed(data) }
    }

    func cleanUp() {
        overHTTP?.stop()
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }
}

// MARK: - Reading what happened

extension SurveyWorld {
    func requests(method: HTTPRequest.Method, path: String) async -> [HTTPRequest] {
        await server.requests.filter { $0.method == method && $0.url.path == path }
    }

    func surveyRequests() async -> [HTTPRequest] {
        await requests(method: .get, path: InMemorySurveyServer.surveysPath)
    }

    func renewalRequests() async -> [HTTPRequest] {
        await requests(method: .post, path: InMemorySurveyServer.tokenPath)
            .filter { InMemorySurveyServer.fields(of: $0)["grant_type"] == "refresh_token" }
    }

    func lastSurveysResult() throws -> Result<[SurveyItem], any Error> {
        try unwrap(
            surveysResults.last,
            "no surveys were loaded: add a step such as 'When the app loads page 1 of the surveys with 2 surveys per page'")
    }

    func shownList() throws -> SurveyListViewModel {
        try unwrap(listViewModel, "the survey list was never shown: add 'When the user opens the survey list'")
    }

    func cachedToken() async throws -> Token? {
        guard let data = try await store.backing.retrieve() else { return nil }
        let scratch = InMemoryTokenStore(data: data)
        return try await LocalTokenLoader(store: scratch).load()
    }
}

/// Parses the dates the features write, e.g. "2026-11-22T08:00:00Z".
func surveyDate(_ text: String) throws -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else {
        throw fail("\"\(text)\" is not a date: write it like \"2026-11-22T08:00:00Z\".")
    }
    return date
}

func surveyItems(_ table: DataTable) throws -> [SurveyItem] {
    try table.hashes().map { row in
        guard let id = row["id"], let title = row["title"], let description = row["description"],
            let link = row["cover image url"], let url = URL(string: link)
        else {
            throw fail("each survey needs the columns: id | title | description | cover image url (got \(table.headers))")
        }
        return SurveyItem(id: id, title: title, description: description, coverImageURL: url)
    }
}

func issuedToken(_ table: DataTable) throws -> InMemorySurveyServer.IssuedToken {
    guard let row = table.hashes().first, let access = row["access_token"], let type = row["token_type"],
        let refresh = row["refresh_token"], let expiresIn = row["expires_in"].flatMap({ Int($0) })
    else {
        throw fail("the token needs the columns: access_token | token_type | refresh_token | expires_in (got \(table.headers))")
    }
    return InMemorySurveyServer.IssuedToken(accessToken: access, tokenType: type, refreshToken: refresh, expiresIn: expiresIn)
}

/// A screen that keeps every view model it was given, in order.
final class SurveyScreenRecorder<ViewModel>: LoginView, SurveyListView {
    private(set) var shown: [ViewModel] = []

    func display(_ viewModel: LoginViewModel) { record(viewModel) }
    func display(_ viewModel: SurveyListViewModel) { record(viewModel) }

    private func record(_ viewModel: Any) {
        guard let viewModel = viewModel as? ViewModel else { return }
        shown.append(viewModel)
    }
}

/// The app's navigation: the screens shown, in order.
final class SurveyNavigationRecorder: SurveyNavigation {
    private(set) var shown: [SurveyScreen] = []

    func show(_ screen: SurveyScreen) { shown.append(screen) }
}
