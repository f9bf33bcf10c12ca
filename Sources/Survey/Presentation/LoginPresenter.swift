import Foundation

/// What the login screen shows.
public struct LoginViewModel: Equatable, Sendable {
    public let isLoading: Bool
    public let errorMessage: String?
    public let isLoginEnabled: Bool

    public init(isLoading: Bool, errorMessage: String?, isLoginEnabled: Bool) {
        self.isLoading = isLoading
        self.errorMessage = errorMessage
        self.isLoginEnabled = isLoginEnabled
    }
}

/// Turns the login state and its errors into what the user sees.
public enum LoginPresenter {
    public static let title = "Sign in"
    public static let missingFieldsMessage = "Please enter your email and password."
    public static let connectivityErrorMessage = "Couldn't connect to the server. Check your connection and try again."
    public static let invalidCredentialsMessage = "Your email or password is incorrect. Please try again."
    public static let invalidDataErrorMessage = "Something went wrong. Please try again later."

    /// Login is offered only once both fields hold something other than spaces.
    public static func idle(email: String, password: String) -> LoginViewModel {
        LoginViewModel(isLoading: false, errorMessage: nil, isLoginEnabled: isComplete(email: email, password: password))
    }

    public static func loading() -> LoginViewModel {
        LoginViewModel(isLoading: true, errorMessage: nil, isLoginEnabled: false)
    }

    public static func failed(_ error: any Error) -> LoginViewModel {
        LoginViewModel(isLoading: false, errorMessage: message(for: error), isLoginEnabled: true)
    }

    public static func message(for error: any Error) -> String {
        switch error {
        case RemoteLoginService.Error.connectivity: return connectivityErrorMessage
        case RemoteLoginService.Error.invalidCredentials: return invalidCredentialsMessage
        default: return invalidDataErrorMessage
        }
    }

    static func isComplete(email: String, password: String) -> Bool {
        !email.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty
    }
}
