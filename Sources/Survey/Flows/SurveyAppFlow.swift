import Foundation

/// The two places the app can be: the login form or the surveys.
public enum SurveyScreen: String, Equatable, Sendable {
    case login, surveys
}

/// Shows a screen (the app's window or navigation controller).
public protocol SurveyNavigation: AnyObject {
    func show(_ screen: SurveyScreen)
}

/// App start and the moves between login and the surveys, as the original's `AppStartFlow`: a token found on the
/// device opens the surveys (an expired one is renewed when the surveys load); no token, or one that cannot be
/// read, opens the login form. Logging in opens the surveys; logging out clears the token, then opens the login.
/// Confined to the context that created it.
public final class SurveyAppFlow {
    private let cache: LocalTokenLoader
    private let logout: LogoutService
    private let navigation: SurveyNavigation

    public init(cache: LocalTokenLoader, logout: LogoutService, navigation: SurveyNavigation) {
        self.cache = cache
        self.logout = logout
        self.navigation = navigation
    }

    /// The app was launched.
    public func start() async {
        do {
            _ = try await cache.load()
            navigation.show(.surveys)
        } catch {
            navigation.show(.login)
        }
    }

    /// The user logged in (the token is cached by then).
    public func didLogIn() {
        navigation.show(.surveys)
    }

    /// The user logged out: the token is cleared, then the login form shows. When the token cannot be cleared the
    /// surveys stay and the error is thrown (the session is not gone).
    public func logOut() async throws {
        try await logout.logout()
        navigation.show(.login)
    }
}
