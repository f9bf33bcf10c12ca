import Foundation

/// What the login screen shows.
public protocol LoginView: AnyObject {
    func display(_ viewModel: LoginViewModel)
}

/// The login screen: checks the form, logs in, caches the token (Cache Token use case), then hands over to the
/// surveys through `onLoggedIn`. A token that cannot be cached is a failure the user is told about, and the app
/// stays on the login screen (as the original app does). Confined to the context that created it.
public final class LoginController {
    public enum Error: Swift.Error, Equatable {
        /// The email is not an email address or the password is empty: nothing was sent.
        case incompleteForm
        /// The server gave a token but it could not be saved on the device.
        case tokenNotSaved
    }

    private let service: RemoteLoginService
    private let cache: LocalTokenLoader
    private let view: LoginView
    private let onLoggedIn: (Token) -> Void

    public init(service: RemoteLoginService, cache: LocalTokenLoader, view: LoginView, onLoggedIn: @escaping (Token) -> Void = { _ in }) {
        self.service = service
        self.cache = cache
        self.view = view
        self.onLoggedIn = onLoggedIn
    }

    /// The user typed in the form: the login button follows what is filled in.
    public func edit(email: String, password: String) {
        view.display(LoginPresenter.idle(email: email, password: password))
    }

    @discardableResult
    public func logIn(email: String, password: String) async -> Result<Token, any Swift.Error> {
        guard LoginPresenter.isComplete(email: email, password: password) else {
            view.display(LoginPresenter.idle(email: email, password: password))
            return .failure(Error.incompleteForm)
        }
        view.display(LoginPresenter.loading())
        let token: Token
        do {
            token = try await service.login(email: email, password: password)
        } catch {
            view.display(LoginPresenter.failed(error))
            return .failure(error)
        }
        do {
            try await cache.save(token)
        } catch {
            view.display(LoginPresenter.failed(Error.tokenNotSaved))
            return .failure(Error.tokenNotSaved)
        }
        view.display(LoginPresenter.idle(email: email, password: password))
        onLoggedIn(token)
        return .success(token)
    }
}
