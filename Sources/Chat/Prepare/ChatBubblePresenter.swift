import Foundation

/// Turns the start-up flow's progress into what the bubble shows.
public enum ChatBubblePresenter {
    public static let connectingMessage = "Connecting you to an agent…"
    public static let readyMessage = "Chat with an agent"
    public static let retryHint = "Tap Retry to try again."

    public static var hidden: ChatBubbleViewModel {
        ChatBubbleViewModel(state: .hidden, message: nil, opensConversation: false, showsRetry: false)
    }

    public static var connecting: ChatBubbleViewModel {
        ChatBubbleViewModel(state: .connecting, message: connectingMessage, opensConversation: false, showsRetry: false)
    }

    public static var ready: ChatBubbleViewModel {
        ChatBubbleViewModel(state: .ready, message: readyMessage, opensConversation: true, showsRetry: false)
    }

    public static func failed(_ error: ChatPrepareError) -> ChatBubbleViewModel {
        ChatBubbleViewModel(
            state: .failed, message: failureMessage(for: error), opensConversation: false, showsRetry: error != .chatNotOffered)
    }

    public static func failureMessage(for error: ChatPrepareError) -> String {
        switch error {
        case .signInExpired: return "Chat is unavailable: your myCWT sign-in has expired. Sign in to myCWT again, then tap Retry."
        case .chatNotOffered: return "Chat with an agent is not offered for your company's myCWT account."
        default: break
        }
        let reason =
            switch error {
            case .failedFetchAppId: "the chat service settings could not be loaded."
            case .failedFetchToken: "your chat sign-in could not be renewed."
            case .initFailed: "the chat service could not be started."
            case .loginFailed, .invalidToken: "you could not be signed in to the chat service."
            case .signInExpired, .chatNotOffered: ""
            }
        return "Chat is unavailable: \(reason) \(retryHint)"
    }
}
