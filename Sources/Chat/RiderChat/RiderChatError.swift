import Foundation

/// Why the chat service refused a request. `reason` is the sentence shown to the person.
public enum RiderChatError: Error, Sendable, Equatable, CustomStringConvertible {
    case orderNotFound(orderID: String)
    /// The order is not In Transit with a rider yet (AC-005).
    case chatNotOpenYet(orderID: String, status: RiderChatOrderStatus)
    /// The user is neither the order's customer nor its rider (BR-CHAT-001).
    case notAPartyToOrder(orderID: String)
    /// The rider was reassigned: only the current rider may take part (BR-CHAT-001).
    case noLongerAssignedRider(orderID: String)
    /// The order is Delivered or Cancelled: the chat is read-only (BR-CHAT-002).
    case chatClosed(orderID: String, status: RiderChatOrderStatus)
    /// Administrators read chat logs, they never write in them (BR-CHAT-003).
    case administratorsCannotSend
    case emptyMessage
    case messageTooLong(length: Int, limit: Int)

    public var reason: String {
        switch self {
        case let .orderNotFound(orderID):
            return "Order \(orderID) was not found. Check the order number and try again."
        case let .chatNotOpenYet(orderID, status):
            return "Chat with your rider opens once a rider is assigned and order \(orderID) is In Transit (it is \(status.displayName))."
        case let .notAPartyToOrder(orderID):
            return "You are not a party to order \(orderID): only its customer and its assigned rider can join this chat."
        case let .noLongerAssignedRider(orderID):
            return "You are no longer the rider assigned to order \(orderID): only the current rider can join this chat."
        case let .chatClosed(orderID, status):
            return "This chat is now closed: order \(orderID) is \(status.displayName). You can still read the history."
        case .administratorsCannotSend:
            return "Administrators can read chat logs but cannot send messages."
        case .emptyMessage:
            return "Type a message before sending: empty or blank messages are not sent."
        case let .messageTooLong(length, limit):
            return "Messages can be at most \(limit) characters; this one has \(length). Shorten it and send again."
        }
    }

    public var description: String { reason }
}
