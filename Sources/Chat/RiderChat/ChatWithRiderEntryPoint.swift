import Foundation

/// The 'Chat with Rider' button of the order tracking screen.
public struct ChatWithRiderEntryViewModel: Sendable, Equatable {
    public let title: String
    public let isVisible: Bool
    public let isEnabled: Bool
    /// True when the chat opens read-only (order Delivered or Cancelled).
    public let opensReadOnly: Bool
    public let accessibilityLabel: String
}

/// AC-001 / AC-005: 'Chat with Rider' is shown and enabled only while the order is In Transit with a
/// rider assigned; before that it is hidden. Once the order is Delivered or Cancelled the button reads
/// 'View chat history' and opens the read-only history (BR-CHAT-002 keeps it readable).
public enum ChatWithRiderEntryPresenter {
    public static let chatWithRider = "Chat with Rider"
    public static let viewChatHistory = "View chat history"

    public static func map(_ order: RiderChatOrder) -> ChatWithRiderEntryViewModel {
        guard order.hasChat, let rider = order.rider else {
            return ChatWithRiderEntryViewModel(
                title: chatWithRider, isVisible: false, isEnabled: false, opensReadOnly: false,
                accessibilityLabel: "Chat with your rider, available once a rider is delivering your order")
        }
        if order.status.isClosed {
            return ChatWithRiderEntryViewModel(
                title: viewChatHistory, isVisible: true, isEnabled: true, opensReadOnly: true,
                accessibilityLabel: "View your chat history with \(rider.name)")
        }
        return ChatWithRiderEntryViewModel(
            title: chatWithRider, isVisible: true, isEnabled: true, opensReadOnly: false,
            accessibilityLabel: "Chat with your rider \(rider.name)")
    }
}
