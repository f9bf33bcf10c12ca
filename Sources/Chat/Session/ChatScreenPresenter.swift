import Foundation

/// Turns what the session knows into what the visitor sees.
public enum ChatScreenPresenter {
    public static let waitingTitle = "Waiting for an operator…"
    public static let offlineBanner = "No connection: messages can't be sent until it is back."

    public static func map(_ session: ChatSession) -> ChatScreenViewModel {
        map(
            chat: session.shownChat, onlineStatus: session.onlineStatus, connection: session.connectionStatus,
            isOperatorTyping: session.isOperatorTyping)
    }

    public static func map(
        chat: SessionChat?, onlineStatus: SessionOnlineStatus?, connection: SessionConnectionStatus,
        isOperatorTyping: Bool
    ) -> ChatScreenViewModel {
        let shown = chat.flatMap { $0.state.isShown ? $0 : nil }
        let connected = connection == .connected
        let operatorName = shown?.operator?.name ?? "The operator"
        let inProgress = shown.map { $0.state == .queue || $0.state == .chatting } ?? false
        return ChatScreenViewModel(
            isChatVisible: shown != nil,
            title: shown.map { title(for: $0) },
            messages: shown?.messages.map(row) ?? [],
            typingIndicator: shown != nil && isOperatorTyping ? "\(operatorName) is typing…" : nil,
            connectionBanner: connected ? nil : offlineBanner,
            canSendMessages: shown != nil && connected,
            canStartChat: !inProgress && connected && onlineStatus == .online,
            availabilityNotice: inProgress ? nil : onlineStatus.flatMap(notice),
            canRateOperator: shown?.operator != nil && connected)
    }

    private static func title(for chat: SessionChat) -> String {
        switch chat.state {
        case .chatting: "Chatting with \(chat.operator?.name ?? "an operator")"
        case .closedByOperator: "\(chat.operator?.name ?? "The operator") closed the chat"
        default: waitingTitle
        }
    }

    private static func notice(_ status: SessionOnlineStatus) -> String? {
        switch status {
        case .online: nil
        case .busyOnline: SessionError.operatorsUnavailable(.busyOnline).description
        case .offline, .busyOffline, .unknown: SessionError.operatorsUnavailable(status).description
        }
    }

    private static func row(_ message: SessionMessage) -> ChatScreenViewModel.MessageRow {
        let author =
            switch message.kind {
            case .visitor, .fileFromVisitor, .contacts, .forOperator: "You"
            case .operator, .fileFromOperator, .actionRequest, .contactsRequest: message.senderName ?? "Operator"
            case .system, .operatorBusy, .unknown: "System"
            }
        return ChatScreenViewModel.MessageRow(author: author, text: message.text, attachment: message.file.map(attachment))
    }

    /// "invoice.pdf (2 KB)", and for an image its pixels first: "photo.jpg (800×600, 12 KB)". Sizes in bytes, KB
    /// or MB (1 KB = 1,024 bytes), the same on every platform.
    static func attachment(_ file: SessionFile) -> String {
        guard let image = file.imageSize else { return "\(file.name) (\(size(file.size)))" }
        return "\(file.name) (\(image.width)×\(image.height), \(size(file.size)))"
    }

    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1_024: return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        case ..<(1_024 * 1_024): return "\(Int((Double(bytes) / 1_024).rounded())) KB"
        default:
            let megabytes = (Double(bytes) / 1_048_576 * 10).rounded() / 10
            return megabytes == megabytes.rounded() ? "\(Int(megabytes)) MB" : "\(megabytes) MB"
        }
    }
}
