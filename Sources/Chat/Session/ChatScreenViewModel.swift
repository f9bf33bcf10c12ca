import Foundation

/// What the visitor sees of the realtime chat.
public struct ChatScreenViewModel: Equatable, Sendable {
    public struct MessageRow: Equatable, Sendable {
        /// "You", the operator's name, "Operator" when unknown, or "System".
        public let author: String
        public let text: String
        /// The attachment's name and size, e.g. "invoice.pdf (5 KB)".
        public let attachment: String?

        public init(author: String, text: String, attachment: String?) {
            self.author = author
            self.text = text
            self.attachment = attachment
        }
    }

    /// Whether a chat is on screen (queue, chatting, closed by the operator).
    public let isChatVisible: Bool
    public let title: String?
    public let messages: [MessageRow]
    public let typingIndicator: String?
    /// Shown while the connection is lost.
    public let connectionBanner: String?
    public let canSendMessages: Bool
    public let canStartChat: Bool
    /// Why a chat cannot start now, when that is the reason.
    public let availabilityNotice: String?
    public let canRateOperator: Bool
}
