import Foundation

/// Why `prepare()` failed: every case names the step of the start-up flow that gave up.
public enum ChatPrepareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The STS-metadata API failed twice (first try and the one retry).
    case metadataUnavailable
    /// The STS API could not give a new user token.
    case tokenUnavailable
    /// STS refused the customer's myCWT sign-in (HTTP 401): signing in to myCWT again helps, retrying does not.
    case signInExpired
    /// STS knows no chat for the customer's company (HTTP 404): nothing the customer can retry.
    case chatNotOffered
    /// `initialize` on the chat client failed, also after fetching the app id again.
    case initializeFailed
    /// `login` on the chat client failed, also after logging out and renewing the token.
    case loginFailed

    public var description: String {
        switch self {
        case .metadataUnavailable: "the chat settings (STS metadata) could not be loaded, also after one retry"
        case .tokenUnavailable: "a new chat token could not be obtained from STS"
        case .signInExpired: "STS refused the customer's myCWT sign-in (401)"
        case .chatNotOffered: "STS offers no chat for the customer's company (404)"
        case .initializeFailed: "the chat client could not be initialized, also after fetching the app id again"
        case .loginFailed: "the chat client login failed, also after logging out and renewing the token"
        }
    }
}

/// Where the chat start-up flow stands: not prepared yet, ready to use, or failed with the step that gave up.
public enum ChatClientState: Equatable, Sendable {
    case notReady
    case ready
    case failed(ChatPrepareError)
}
