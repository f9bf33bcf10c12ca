import Foundation

/// The app's chat entry point: when the customer opens the app, the bubble shows the connection being
/// established while `prepare()` runs, then ready or failed (with Retry). Without connectivity it stays hidden.
public final class ChatEntryPoint {
    private let preparer: ChatPreparing
    private let isConnected: () -> Bool
    private let view: ChatBubbleView
    private let conversation: ChatConversation?
    private var isConnecting = false
    private var isReady = false

    public init(preparer: ChatPreparing, isConnected: @escaping () -> Bool, view: ChatBubbleView, conversation: ChatConversation? = nil) {
        self.preparer = preparer
        self.isConnected = isConnected
        self.view = view
        self.conversation = conversation
    }

    /// The customer tapped the bubble: a ready chat opens the conversation (as the original `showWhenReady`);
    /// while connecting, hidden or failed, nothing opens.
    public func bubbleTapped() {
        guard isReady else { return }
        conversation?.showConversation()
    }

    /// The customer opened the app.
    public func appDidOpen() async {
        await connect()
    }

    /// The customer tapped Retry on a failed bubble. Ignored while a connection is already being established.
    public func retry() async {
        await connect()
    }

    private func connect() async {
        guard !isConnecting else { return }
        isConnecting = true
        isReady = false
        defer { isConnecting = false }
        guard isConnected() else {
            view.display(ChatBubblePresenter.hidden)
            return
        }
        view.display(ChatBubblePresenter.connecting)
        do {
            try await preparer.prepare()
            isReady = true
            view.display(ChatBubblePresenter.ready)
        } catch {
            view.display(ChatBubblePresenter.failed(error))
        }
    }
}

/// The chat vendor's conversation screen (Smooch's `showConversation()` in the original).
public protocol ChatConversation: AnyObject {
    func showConversation()
}

/// The settings of the vendor's conversation: whose conversation it is (the original's `settings.userId`).
public protocol ChatConversationSettings: AnyObject {
    func setUserId(_ userId: String)
}
