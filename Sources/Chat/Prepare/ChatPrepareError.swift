import Foundation

/// Why `prepare()` failed: every case names the step of the start-up flow that gave up, with the names of the
/// original client mediator's errors. The two refusals of the STS token API are ours (MYCWT-DEC-10: the original
/// reports both as `failedFetchToken`).
public enum ChatPrepareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The STS-metadata API failed twice (first try and the one retry).
    case failedFetchAppId
    /// The STS API could not give a new user token.
    case failedFetchToken
    /// STS refused the customer's myCWT sign-in (HTTP 401): signing in to myCWT again helps, retrying does not.
    case signInExpired
    /// STS knows no chat for the customer's company (HTTP 404): nothing the customer can retry.
    case chatNotOffered
    /// `initialize` on the chat client failed, also after fetching the app id again.
    case initFailed
    /// `login` on the chat client failed, also after logging out and renewing the token.
    case loginFailed
    /// The token names no chat user (no `userId` claim), also after renewing it: the chat client has no one to
    /// log in (the original's `invalidToken`).
    case invalidToken

    public var description: String {
        switch self {
        case .failedFetchAppId: "the chat settings (STS metadata) could not be loaded, also after one retry"
        case .failedFetchToken: "a new chat token could not be obtained from STS"
        case .signInExpired: "STS refused the customer's myCWT sign-in (401)"
        case .chatNotOffered: "STS offers no chat for the customer's company (404)"
        case .initFailed: "the chat client could not be initialized, also after fetching the app id again"
        case .loginFailed: "the chat client login failed, also after logging out and renewing the token"
        case .invalidToken: "the chat token names no chat user to log in, also after renewing it"
        }
    }
}

extension ChatPrepareError {
    /// The error's name, as the original client mediator names it ("failedFetchAppId").
    public var name: String {
        switch self {
        case .failedFetchAppId: "failedFetchAppId"
        case .failedFetchToken: "failedFetchToken"
        case .signInExpired: "signInExpired"
        case .chatNotOffered: "chatNotOffered"
        case .initFailed: "initFailed"
        case .loginFailed: "loginFailed"
        case .invalidToken: "invalidToken"
        }
    }
}

/// Where the chat start-up flow stands: not prepared yet, ready to use, or failed with the step that gave up (the
/// original's `ClientState`: `.notReady`, `.ready`, `.failed(error)`).
public enum ChatClientState: Equatable, Sendable, CustomStringConvertible {
    case notReady
    case ready
    case failed(ChatPrepareError)

    /// "notReady", "ready" or "failed(loginFailed)", as the original names them.
    public var description: String {
        switch self {
        case .notReady: "notReady"
        case .ready: "ready"
        case let .failed(error): "failed(\(error.name))"
        }
    }
}
