import Foundation

/// What the session tells the app (the delegate calls of the SDK). The service pushes the same events.
public enum SessionEvent: Equatable, Sendable {
    /// Everything should be renewed from this snapshot (after start, refresh, or whenever the service says so).
    case fullUpdate(SessionSnapshot)
    case onlineStatusChanged(SessionOnlineStatus)
    /// The visit session changed (`offline-message`: no operator can be reached, only offline messages).
    case visitSessionStateChanged(VisitSessionState)
    case chatStarted(SessionChat, clientSideId: String?)
    case chatStateChanged(SessionChatState)
    case messageReceived(SessionMessage)
    case operatorTyping(Bool)
    /// The visitor read the chat, possibly on another device (`CHAT_READ_BY_VISITOR`).
    case chatReadByVisitor
    case operatorUpdated(SessionOperator?)
    case connectionStatusChanged(SessionConnectionStatus)
    case error(SessionError)
}

/// The outcome of sending a message or a file, named by its client-side id.
public enum MessageSendResult: Equatable, Sendable {
    case sent(clientSideId: String)
    case failed(clientSideId: String, SessionError)

    public var clientSideId: String {
        switch self {
        case let .sent(id), let .failed(id, _): id
        }
    }
}
