import Foundation

/// The visitor's visit session as the service names it: no chat yet (`idle`), after a chat (`idleAfterChat`), in a
/// chat (`chat`), or offline messages only (`offlineMessage`, no operator can be reached).
public enum VisitSessionState: String, Equatable, Sendable, CaseIterable {
    case unknown, idle, idleAfterChat, chat, offlineMessage

    /// The service's wire string (`"idle"`, `"idle-after-chat"`, `"chat"`, `"offline-message"`); anything else
    /// is `unknown`.
    public init(wireValue: String) {
        switch wireValue {
        case "idle": self = .idle
        case "idle-after-chat": self = .idleAfterChat
        case "chat": self = .chat
        case "offline-message": self = .offlineMessage
        default: self = .unknown
        }
    }
}

extension SessionChatState {
    /// The service's wire string (`"queue"`, `"chatting"`, `"closed"`, `"closed_by_visitor"`,
    /// `"closed_by_operator"`, `"invitation"`); anything else is `unknown`.
    public init(wireValue: String) {
        switch wireValue {
        case "queue": self = .queue
        case "chatting": self = .chatting
        case "closed": self = .closed
        case "closed_by_visitor": self = .closedByVisitor
        case "closed_by_operator": self = .closedByOperator
        case "invitation": self = .invitation
        default: self = .unknown
        }
    }
}

extension SessionMessage.Kind {
    /// The service's wire string of a message kind (`"visitor"`, `"operator"`, `"info"`, `"file_visitor"`,
    /// `"file_operator"`, `"action_request"`, `"cont_req"`, `"contacts"`, `"for_operator"`, `"operator_busy"`);
    /// anything else is `unknown`.
    public init(wireValue: String) {
        switch wireValue {
        case "visitor": self = .visitor
        case "operator": self = .operator
        case "info": self = .system
        case "file_visitor": self = .fileFromVisitor
        case "file_operator": self = .fileFromOperator
        case "action_request": self = .actionRequest
        case "cont_req": self = .contactsRequest
        case "contacts": self = .contacts
        case "for_operator": self = .forOperator
        case "operator_busy": self = .operatorBusy
        default: self = .unknown
        }
    }
}

extension SessionOnlineStatus {
    /// The service's wire string (`"online"`, `"busy_online"`, `"offline"`, `"busy_offline"`); an empty or unknown
    /// one is `unknown`.
    public init(wireValue: String) {
        switch wireValue {
        case "online": self = .online
        case "busy_online": self = .busyOnline
        case "offline": self = .offline
        case "busy_offline": self = .busyOffline
        default: self = .unknown
        }
    }
}

/// An error the chat service answered with, by its wire string (e.g. `"account-blocked"`).
public struct ChatServiceError: Error, Equatable, Sendable {
    public let code: String
    public init(code: String) { self.code = code }
}

/// The chat service answered with an HTTP error status (e.g. 500): a fatal server error, not a Webim error.
public struct ChatServiceHTTPError: Error, Equatable, Sendable {
    public let statusCode: Int
    public init(statusCode: Int) { self.statusCode = statusCode }
}

extension SessionError {
    /// The error the service's wire string names; an unknown one is `.server(code)`. Both spellings of a message
    /// that is too long are known (`max-message-length-exceeded` realtime, `message-length-exceeded` offline).
    public init(serviceError code: String) {
        switch code {
        case "reinit-required": self = .reinitRequired
        case "server-not-ready": self = .serverNotReady
        case "account-blocked": self = .accountBlocked
        case "visitor_banned": self = .visitorBanned
        case "not_allowed_file_type": self = .fileTypeNotAllowed
        case "max_file_size_exceeded": self = .fileTooLarge
        case "max-message-length-exceeded", "message-length-exceeded": self = .messageTooLong
        case "chat_count_limit_exceeded": self = .chatCountLimitExceeded
        case "chat-not-found": self = .noChat
        case "visitor-not-set": self = .visitorNotSet
        default: self = .server(code)
        }
    }
}
