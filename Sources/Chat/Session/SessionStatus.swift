import Foundation

/// Whether operators can take a chat now (`online`), their queue is full (`busyOnline`), only an offline
/// chat is possible (`offline`), or even the offline queue is full (`busyOffline`); `unknown` when the service
/// named none the app knows.
public enum SessionOnlineStatus: String, Equatable, Sendable, CaseIterable {
    case online, busyOnline, offline, busyOffline, unknown
}

/// The state of the session's one realtime chat.
public enum SessionChatState: String, Equatable, Sendable, CaseIterable {
    case unknown, queue, chatting, closed, closedByVisitor, closedByOperator, invitation

    /// A chat is displayed only in `queue`, `chatting` and `closedByOperator`; any other state closes it,
    /// and every request on it (sending, closing, rating…) fails.
    public var isShown: Bool {
        switch self {
        case .queue, .chatting, .closedByOperator: true
        case .unknown, .closed, .closedByVisitor, .invitation: false
        }
    }
}

/// The realtime connection to the chat service.
public enum SessionConnectionStatus: String, Equatable, Sendable {
    case connected, disconnected
}
