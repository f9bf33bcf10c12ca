import Foundation

/// One page of offline history: the chats that are new or changed since `revision` (without messages),
/// the messages added since then, and the revision to ask from next time.
public struct OfflineHistoryPage: Equatable, Sendable {
    public let revision: String
    public let chats: [OfflineChat]
    public let messages: [OfflineMessage]

    public init(revision: String, chats: [OfflineChat], messages: [OfflineMessage]) {
        self.revision = revision
        self.chats = chats
        self.messages = messages
    }
}

/// A message or file for an offline chat; `chatId == nil` creates a new chat with it.
public struct OfflineSendRequest: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case text(String)
        case file(data: Data, name: String, mimeType: String)
    }

    public let content: Content
    public let chatId: String?
    public let departmentKey: String?

    public init(content: Content, chatId: String?, departmentKey: String?) {
        self.content = content
        self.chatId = chatId
        self.departmentKey = departmentKey
    }
}

/// What the server answers to a send: the chat (new or existing, without messages) and the new message.
public struct OfflineSendReceipt: Equatable, Sendable {
    public let chat: OfflineChat
    public let message: OfflineMessage

    public init(chat: OfflineChat, message: OfflineMessage) {
        self.chat = chat
        self.message = message
    }
}

public enum OfflineChatAction: Equatable, Sendable { case markAsRead, delete }

/// The offline chat service, for the visitor identified by `token`. Failures are thrown as `SessionError`.
public protocol OfflineChatService: AnyObject {
    func history(token: String, since revision: String?) async throws -> OfflineHistoryPage
    func send(_ request: OfflineSendRequest, token: String) async throws -> OfflineSendReceipt
    func perform(_ action: OfflineChatAction, chatId: String, token: String) async throws
}

/// What the SDK keeps on disk between launches: whose data it is, the last history revision and the chats.
public struct OfflineHistorySnapshot: Equatable, Sendable {
    public let token: String
    public let revision: String?
    public let chats: [OfflineChat]

    public init(token: String, revision: String?, chats: [OfflineChat]) {
        self.token = token
        self.revision = revision
        self.chats = chats
    }
}

public protocol OfflineHistoryCache: AnyObject {
    func load() -> OfflineHistorySnapshot?
    func save(_ snapshot: OfflineHistorySnapshot)
    func clear()
}
