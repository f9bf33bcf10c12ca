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
    /// The original app's words when the token could not be saved after a successful login.
    public static let unexpectedErrorMessage = "Unexpected error. Please try later."

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
        case LoginController.Error.tokenNotSaved: return unexpectedErrorMessage
        case LoginController.Error.incompleteForm: return missingFieldsMessage
        default: return invalidDataErrorMessage
        }
    }

    /// The form can be sent when the email looks like an email address (the original app's pattern) and the
    /// password is not empty.
    static func isComplete(email: String, password: String) -> Bool {
        isEmailAddress(email.trimmingCharacters(in: .whitespaces)) && !password.isEmpty
    }

    static func isEmailAddress(_ text: String) -> Bool {
        text.range(of: #"^[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}$"#, options: .regularExpression) != nil
    }
}
