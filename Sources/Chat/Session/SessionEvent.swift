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
    /// What the service names by a wire string (the SDK's deltas); the session maps it to the typed event above
    /// before applying it, so the app never receives this case.
    case wire(SessionWireDelta)
}

/// The SDK's deltas that carry a wire string: `VISIT_SESSION_STATE`, `CHAT_STATE`, the online status and
/// `CHAT_MESSAGE` (whose kind is a wire string; the message's own `kind` is replaced by the mapped one).
public enum SessionWireDelta: Equatable, Sendable {
    case visitSessionState(String)
    case chatState(String)
    case onlineStatus(String)
    case message(SessionMessage, kind: String)
    /// A `CHAT_MESSAGE` with its author as the wire names him (`authorId`, `name`, `avatar`): the session fills the
    /// message's sender fields from them.
    case authoredMessage(SessionMessage, author: SessionWireAuthor)
}

/// A message's author as the wire carries it. `avatar` is a path on the service's host (or a full URL).
public struct SessionWireAuthor: Equatable, Sendable {
    public let authorId: String?
    public let name: String?
    public let avatar: String?

    public init(authorId: String?, name: String?, avatar: String?) {
        self.authorId = authorId
        self.name = name
        self.avatar = avatar
    }
}

extension SessionEvent {
    /// A wire delta as its typed event (`"offline-message"` → `.visitSessionStateChanged(.offlineMessage)`);
    /// any other event as it is.
    func mappingWireValues(serviceURL: URL?) -> SessionEvent {
        guard case let .wire(delta) = self else { return self }
        switch delta {
        case let .visitSessionState(value): return .visitSessionStateChanged(VisitSessionState(wireValue: value))
        case let .chatState(value): return .chatStateChanged(SessionChatState(wireValue: value))
        case let .onlineStatus(value): return .onlineStatusChanged(SessionOnlineStatus(wireValue: value))
        case let .message(message, kind): return .messageReceived(message.withKind(SessionMessage.Kind(wireValue: kind)))
        case let .authoredMessage(message, author): return .messageReceived(message.withSender(author, serviceURL: serviceURL))
        }
    }
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
