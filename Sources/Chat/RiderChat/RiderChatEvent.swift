import Foundation

/// What a subscriber of an order chat receives in real time.
public enum RiderChatEvent: Sendable, Equatable {
    /// A new message, including system messages such as "This chat is now closed".
    case message(RiderChatMessage)
    /// The order became Delivered or Cancelled: the chat is read-only from now on.
    case chatClosed(RiderChatOrderStatus)
    /// Another rider now delivers the order.
    case riderChanged(RiderChatRider)
    /// This subscriber may no longer take part (e.g. the rider was reassigned); the subscription ends.
    case accessRevoked(reason: String)
}
