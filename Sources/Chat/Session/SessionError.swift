import Foundation

/// Why a session request failed. The description tells the user what happened and what to do.
public enum SessionError: Error, Equatable, Sendable, CustomStringConvertible {
    case networkError
    case notStarted
    /// The account is neither a name ("demo") nor the URL of a chat service.
    case invalidAccount(String)
    case stopped
    case noChat
    case chatClosed(SessionChatState)
    case chatAlreadyStarted
    case operatorsUnavailable(SessionOnlineStatus)
    case emptyMessage
    case invalidMimeType(String)
    case invalidRate(Int)
    case unknownOperator(String)
    /// No operator has taken part in the chat yet: there is nobody to rate.
    case noOperator
    case server(String)
    /// The service lost the visit session: the session connects again (the SDK drops its page id).
    case reinitRequired
    case serverNotReady
    case accountBlocked
    case visitorBanned
    case fileTypeNotAllowed
    case fileTooLarge
    case messageTooLong
    case chatCountLimitExceeded
    /// The offline service knows no visitor for the token yet: there is no history before the first message.
    case visitorNotSet
    /// The service failed with an HTTP error status (e.g. 500), a fatal server error.
    case fatalServerError(statusCode: Int)

    public var description: String {
        switch self {
        case .networkError: "The network is unreachable: check your connection and try again."
        case .notStarted: "The chat session is not started: start it first."
        case let .invalidAccount(account): "\"\(account)\" is not a chat service account: use its name (\"demo\") or its URL."
        case .stopped: "The chat session was stopped: start a new session."
        case .noChat: "There is no chat yet: start a chat first."
        case let .chatClosed(state): "The chat is closed (\(state.rawValue)): start a new chat."
        case .chatAlreadyStarted: "A chat is already in progress: keep writing in it."
        case .operatorsUnavailable(.busyOnline): "All operators are busy and the queue is full: try again later."
        case .operatorsUnavailable: "No operator is online: leave an offline message instead."
        case .emptyMessage: "The message is empty: type some text first."
        case let .invalidMimeType(type): "\"\(type)\" is not a MIME type like \"image/png\": choose another file."
        case let .invalidRate(rate): "An operator is rated from 1 to 5 stars, not \(rate)."
        case let .unknownOperator(id): "No operator \"\(id)\" took part in this chat."
        case .noOperator: "No operator has taken part in this chat yet: there is nobody to rate."
        case let .server(message): "The chat service failed: \(message)"
        case .reinitRequired: "The chat service lost the session: it is being started again."
        case .serverNotReady: "The chat service is not ready yet: try again in a moment."
        case .accountBlocked: "The chat is not available for this app's account."
        case .visitorBanned: "You can no longer write in this chat."
        case .fileTypeNotAllowed: "Files of this type cannot be sent: choose another file."
        case .fileTooLarge: "The file is too large to be sent: choose a smaller one."
        case .messageTooLong: "The message is too long: shorten it."
        case .chatCountLimitExceeded: "Too many chats are open: close one first."
        case .visitorNotSet: "History will be available after your first message."
        case let .fatalServerError(status): "The chat service failed (HTTP \(status)): try again later."
        }
    }
}
