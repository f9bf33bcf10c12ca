import Foundation

/// A message of an offline chat.
public struct OfflineMessage: Equatable, Sendable {
    public let id: String
    public let chatId: String
    public let kind: SessionMessage.Kind
    public let text: String
    public let date: Date
    public let senderName: String?
    public let file: SessionFile?

    public init(
        id: String, chatId: String, kind: SessionMessage.Kind, text: String, date: Date,
        senderName: String? = nil, file: SessionFile? = nil
    ) {
        self.id = id
        self.chatId = chatId
        self.kind = kind
        self.text = text
        self.date = date
        self.senderName = senderName
        self.file = file
    }
}

/// An offline chat ("appeal"): answered later by an operator.
public struct OfflineChat: Equatable, Sendable {
    public let id: String
    public let createdAt: Date
    public var departmentKey: String?
    public var hasUnreadMessages: Bool
    /// Sorted by date.
    public var messages: [OfflineMessage]

    public init(
        id: String, createdAt: Date, departmentKey: String? = nil, hasUnreadMessages: Bool = false,
        messages: [OfflineMessage] = []
    ) {
        self.id = id
        self.createdAt = createdAt
        self.departmentKey = departmentKey
        self.hasUnreadMessages = hasUnreadMessages
        self.messages = messages
    }
}

/// What changed since the history was requested last time.
public struct OfflineHistoryChanges: Equatable, Sendable {
    public var newChats: [OfflineChat]
    public var modifiedChats: [OfflineChat]
    public var messages: [OfflineMessage]

    public init(newChats: [OfflineChat] = [], modifiedChats: [OfflineChat] = [], messages: [OfflineMessage] = []) {
        self.newChats = newChats
        self.modifiedChats = modifiedChats
        self.messages = messages
    }

    public var isEmpty: Bool { newChats.isEmpty && modifiedChats.isEmpty && messages.isEmpty }
}

/// The image types an offline chat accepts.
public enum OfflineImageType: String, Equatable, Sendable {
    case png, jpeg

    var mimeType: String { "image/\(rawValue)" }
}
