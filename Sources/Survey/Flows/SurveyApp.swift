import Foundation

/// The survey app wired as the original wires it: one HTTP client and one token store behind every use case; the
/// login form opens the surveys once the user is logged in; the survey list asks for `SurveyAPI.listPageSize`
/// surveys a page through a loader that signs every request with a valid token (renewed once for loads at the same
/// time); the app start and logout move between the two screens.
/// Confined to the context that created it.
public final class SurveyApp {
    public let api: SurveyAPI
    public let cache: LocalTokenLoader
    public let flow: SurveyAppFlow
    private let client: any HTTPClient
    private let credentials: ClientCredentials
    private let currentDate: @Sendable () -> Date

    public init(
        api: SurveyAPI, client: any HTTPClient, store: any TokenStore, credentials: ClientCredentials,
        navigation: SurveyNavigation, currentDate: @escaping @Sendable () -> Date
    ) {
        self.api = api
        self.client = client
        self.credentials = credentials
        self.currentDate = currentDate
        cache = LocalTokenLoader(store: store)
        flow = SurveyAppFlow(cache: cache, logout: LogoutService(store: store), navigation: navigation)
    }

    /// The login form: a successful login caches the token (see `LoginController`), then the surveys are shown.
    /// `onLoggedIn` hears of the token first (analytics, tests).
    public func makeLoginController(view: LoginView, onLoggedIn: @escaping (Token) -> Void = { _ in }) -> LoginController {
        LoginController(
            service: RemoteLoginService(url: api.tokenURL, client: client, credentials: credentials, currentDate: currentDate),
            cache: cache, view: view,
            onLoggedIn: { [flow] token in
                onLoggedIn(token)
                flow.didLogIn()
            })
    }

    /// The token every survey request is signed with: the cached one while valid, else renewed with the refresh
    /// token (one renewal shared by the loads that need it at the same time).
    public func makeTokenProvider() -> TokenProvider {
        TokenProvider(
            cache: cache,
            remote: RemoteTokenLoader(url: api.tokenURL, client: client, credentials: credentials, currentDate: currentDate),
            currentDate: currentDate)
    }

    public func makeSurveysLoader(tokenProvider: TokenProvider) -> RemoteSurveysLoader {
        RemoteSurveysLoader(url: api.surveysURL, client: AuthenticatedHTTPClient(decoratee: client, tokenProvider: tokenProvider))
    }

    /// The survey list: opening it and pulling to refresh load the first page of `SurveyAPI.listPageSize` surveys.
    public func makeSurveyListController(
        view: SurveyListView, timeZone: TimeZone = .current, currentDate: (() -> Date)? = nil
    ) -> SurveyListController {
        SurveyListController(
            loader: makeSurveysLoader(tokenProvider: makeTokenProvider()), pageSize: SurveyAPI.listPageSize, view: view,
            currentDate: currentDate, timeZone: timeZone)
    }
}
