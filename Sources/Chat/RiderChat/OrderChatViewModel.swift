import Foundation

/// One bubble (or system line) of the chat screen.
public struct OrderChatRowViewModel: Sendable, Equatable {
    public enum Alignment: String, Sendable, Equatable {
        /// The other party's messages.
        case left
        /// My own messages.
        case right
        /// System messages such as "This chat is now closed".
        case center
    }

    public let id: String
    /// "You", the rider's name, "Customer" or "System".
    public let senderName: String
    public let text: String
    /// "HH:mm" in the device's time zone.
    public let time: String
    /// "Sending…", "Sent" or "Sending failed" on my own messages; nil otherwise.
    public let status: String?
    /// A failed message of mine that the app resends by itself once connectivity returns.
    public let willResend: Bool
    public let alignment: Alignment
    public let accessibilityLabel: String
}

/// Labels read by screen readers for every control of the chat screen.
public struct OrderChatAccessibilityLabels: Sendable, Equatable {
    public let messageInput: String
    public let sendButton: String
    public let quickRepliesButton: String
    public let loadOlderMessages: String
}

/// What the chat screen shows, derived from `OrderChatState` by `OrderChatPresenter`.
public struct OrderChatViewModel: Sendable, Equatable {
    /// The header: the rider's name for the customer.
    public let title: String
    /// "Order 1001 · In Transit".
    public let subtitle: String
    public let rows: [OrderChatRowViewModel]
    public let isInputEnabled: Bool
    public let isSendEnabled: Bool
    public let isQuickRepliesEnabled: Bool
    public let quickReplies: [String]
    public let inputPlaceholder: String
    public let characterLimit: Int
    /// The counter under the input for the draft typed so far ("488 characters left").
    public let characterCounter: String
    /// A message to show above the input: a refusal reason, a denial or a connectivity note.
    public let notice: String?
    public let canLoadOlder: Bool
    public let accessibility: OrderChatAccessibilityLabels
}
