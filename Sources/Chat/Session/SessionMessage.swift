import Foundation

/// An operator of the chat service as the visitor sees them.
public struct SessionOperator: Equatable, Sendable {
    public let id: String
    public let name: String
    public let avatarURL: URL?

    public init(id: String, name: String, avatarURL: URL? = nil) {
        self.id = id
        self.name = name
        self.avatarURL = avatarURL
    }
}

/// The size of an image to download, in pixels (the SDK's image params).
public struct SessionImageSize: Equatable, Sendable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A file attached to a message: name, content type, size, where to download it, and for an image its size in
/// pixels.
public struct SessionFile: Equatable, Sendable {
    public let name: String
    public let mimeType: String
    public let size: Int
    public let url: URL?
    /// Only an image has one (as the SDK's `imageParams`); the size given for any other file is dropped.
    public let imageSize: SessionImageSize?

    public init(name: String, mimeType: String, size: Int, url: URL?, imageSize: SessionImageSize? = nil) {
        self.name = name
        self.mimeType = mimeType
        self.size = size
        self.url = url
        self.imageSize = mimeType.hasPrefix("image/") ? imageSize : nil
    }

    public var isImage: Bool { mimeType.hasPrefix("image/") }
}

/// A message of the realtime chat: by the visitor, by an operator, or by the system.
public struct SessionMessage: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case visitor, `operator`, system, fileFromVisitor, fileFromOperator
        /// The operator asks the visitor to act (a button to press), or for their contact details.
        case actionRequest, contactsRequest
        /// The visitor's contact details, a note for the operator only, the operator-busy notice.
        case contacts, forOperator, operatorBusy
        /// A kind the session does not know.
        case unknown

        /// Written by an operator: a text, a file or a request (what makes a chat unread).
        public var isFromOperator: Bool {
            self == .operator || self == .fileFromOperator || self == .actionRequest || self == .contactsRequest
        }
    }

    public let id: String
    public let clientSideId: String?
    public let kind: Kind
    public let text: String
    public let date: Date
    /// The operator who wrote it (operator messages only).
    public let senderUID: String?
    public let senderName: String?
    public let senderAvatarURL: URL?
    public let file: SessionFile?

    public init(
        id: String, clientSideId: String? = nil, kind: Kind, text: String, date: Date,
        senderUID: String? = nil, senderName: String? = nil, senderAvatarURL: URL? = nil, file: SessionFile? = nil
    ) {
        self.id = id
        self.clientSideId = clientSideId
        self.kind = kind
        self.text = text
        self.date = date
        self.senderUID = senderUID
        self.senderName = senderName
        self.senderAvatarURL = senderAvatarURL
        self.file = file
    }

    /// The same message, its sender as the wire names him (as the SDK: `authorId` → `senderUID`, `name` →
    /// `senderName`, `avatar` → `senderAvatarURL`, the service's host followed by the avatar's path).
    func withSender(_ author: SessionWireAuthor, serviceURL: URL?) -> SessionMessage {
        let avatarURL = author.avatar.flatMap { URL(string: $0, relativeTo: serviceURL)?.absoluteURL }
        return SessionMessage(
            id: id, clientSideId: clientSideId, kind: kind, text: text, date: date, senderUID: author.authorId,
            senderName: author.name, senderAvatarURL: avatarURL, file: file)
    }

    /// The same message, of another kind.
    func withKind(_ kind: Kind) -> SessionMessage {
        SessionMessage(
            id: id, clientSideId: clientSideId, kind: kind, text: text, date: date, senderUID: senderUID,
            senderName: senderName, senderAvatarURL: senderAvatarURL, file: file)
    }
}

/// The session's realtime chat.
public struct SessionChat: Equatable, Sendable {
    public let id: String
    public var state: SessionChatState
    public var messages: [SessionMessage]
    public var `operator`: SessionOperator?
    public let clientSideId: String?
    /// Whether an operator wrote since the visitor last read the chat.
    public var hasUnreadMessages: Bool

    public init(
        id: String, state: SessionChatState, messages: [SessionMessage] = [],
        operator: SessionOperator? = nil, clientSideId: String? = nil, hasUnreadMessages: Bool = false
    ) {
        self.id = id
        self.state = state
        self.messages = messages
        self.operator = `operator`
        self.clientSideId = clientSideId
        self.hasUnreadMessages = hasUnreadMessages
    }
}

/// Everything the session knows at once, delivered by a full update.
public struct SessionSnapshot: Equatable, Sendable {
    public var onlineStatus: SessionOnlineStatus
    public var connectionStatus: SessionConnectionStatus
    public var chat: SessionChat?

    public init(onlineStatus: SessionOnlineStatus, connectionStatus: SessionConnectionStatus, chat: SessionChat?) {
        self.onlineStatus = onlineStatus
        self.connectionStatus = connectionStatus
        self.chat = chat
    }
}
