import Foundation

/// Who wrote a message of the order chat.
public enum RiderChatSender: Sendable, Equatable, Hashable {
    case customer(id: String)
    case rider(id: String, name: String)
    /// Status updates written by the chat itself, e.g. "This chat is now closed".
    case system

    public var userID: String? {
        switch self {
        case let .customer(id), let .rider(id, _): return id
        case .system: return nil
        }
    }
}

/// A message stored by the chat service for one order.
public struct RiderChatMessage: Sendable, Equatable {
    public let orderID: String
    /// 1, 2, 3… in the order the service accepted the messages of this order; pages of history use it as cursor.
    public let sequence: Int
    /// The id the sending app gave the message; resending it never creates a second message.
    public let clientMessageID: String?
    public let sender: RiderChatSender
    public let text: String
    public let sentAt: Date

    public init(orderID: String, sequence: Int, clientMessageID: String?, sender: RiderChatSender, text: String, sentAt: Date) {
        self.orderID = orderID
        self.sequence = sequence
        self.clientMessageID = clientMessageID
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
    }

    public var isSystem: Bool { sender == .system }
}

/// One page of an order's chat history, oldest first.
public struct RiderChatHistoryPage: Sendable, Equatable {
    public let messages: [RiderChatMessage]
    /// True when older messages exist before the first one of this page.
    public let hasOlder: Bool

    public init(messages: [RiderChatMessage], hasOlder: Bool) {
        self.messages = messages
        self.hasOlder = hasOlder
    }
}

/// What a participant gets when joining an order's chat room.
public struct RiderChatRoomSnapshot: Sendable, Equatable {
    public let order: RiderChatOrder
    /// The last messages of this order (20 by default).
    public let history: RiderChatHistoryPage
    /// False for administrators and once the order is Delivered or Cancelled.
    public let canSend: Bool

    public init(order: RiderChatOrder, history: RiderChatHistoryPage, canSend: Bool) {
        self.order = order
        self.history = history
        self.canSend = canSend
    }
}

/// A message a participant asks the service to send.
public struct RiderChatSendRequest: Sendable, Equatable {
    public let orderID: String
    public let sender: RiderChatUser
    public let clientMessageID: String
    public let text: String

    public init(orderID: String, sender: RiderChatUser, clientMessageID: String, text: String) {
        self.orderID = orderID
        self.sender = sender
        self.clientMessageID = clientMessageID
        self.text = text
    }
}
