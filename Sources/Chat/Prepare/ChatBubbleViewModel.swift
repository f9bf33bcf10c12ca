import Foundation

/// What the customer sees of the chat entry point: the chat bubble.
public struct ChatBubbleViewModel: Equatable, Sendable {
    public enum State: String, Equatable, Sendable { case hidden, connecting, ready, failed }

    public let state: State
    /// The text on or under the bubble; nil when the bubble is hidden.
    public let message: String?
    /// Whether tapping the bubble opens the conversation.
    public let opensConversation: Bool
    /// Whether a "Retry" action is offered.
    public let showsRetry: Bool

    public var isVisible: Bool { state != .hidden }

    public init(state: State, message: String?, opensConversation: Bool, showsRetry: Bool) {
        self.state = state
        self.message = message
        self.opensConversation = opensConversation
        self.showsRetry = showsRetry
    }
}

public protocol ChatBubbleView: AnyObject {
    func display(_ viewModel: ChatBubbleViewModel)
}
