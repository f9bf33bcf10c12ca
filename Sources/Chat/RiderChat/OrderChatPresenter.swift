import Foundation

/// Turns an `OrderChatState` into what the person sees.
public struct OrderChatPresenter: Sendable {
    public static let sending = "Sending…"
    public static let sent = "Sent"
    public static let sendingFailed = "Sending failed"
    public static let offlineNotice = "You are offline. Messages will be sent when you are back online."

    private let timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    public func map(_ state: OrderChatState) -> OrderChatViewModel {
        let inputEnabled = state.canSend && state.denial == nil
        let closed = state.order?.status.isClosed ?? false
        let riderName = state.order?.rider?.name ?? "Your rider"
        return OrderChatViewModel(
            title: title(for: state, riderName: riderName),
            subtitle: "Order \(state.orderID)" + (state.order.map { " · \($0.status.displayName)" } ?? ""),
            rows: state.entries.enumerated().map { row(for: $0.element, index: $0.offset, user: state.user) },
            isInputEnabled: inputEnabled,
            isSendEnabled: inputEnabled,
            isQuickRepliesEnabled: inputEnabled && !RiderChatQuickReplies.replies(for: state.user.role).isEmpty,
            quickReplies: inputEnabled ? RiderChatQuickReplies.replies(for: state.user.role) : [],
            inputPlaceholder: placeholder(state: state, closed: closed),
            characterLimit: RiderChatMessagePolicy.characterLimit,
            characterCounter: Self.characterCounter(for: state.draft),
            notice: state.denial ?? state.notice ?? (state.isOnline ? nil : Self.offlineNotice),
            canLoadOlder: state.hasOlder,
            accessibility: OrderChatAccessibilityLabels(
                messageInput:
                    "Message to \(state.user.role == .rider ? "the customer" : riderName), up to \(RiderChatMessagePolicy.characterLimit) characters",
                sendButton: "Send message",
                quickRepliesButton: "Quick replies",
                loadOlderMessages: "Load older messages"))
    }

    private func title(for state: OrderChatState, riderName: String) -> String {
        switch state.user.role {
        case .customer: return riderName
        case .rider:
            // RDR-028: the rider's header shows the customer's first name and the order id.
            guard let firstName = state.order?.customerFirstName else { return "Customer of order \(state.orderID)" }
            return "\(firstName) · Order \(state.orderID)"
        case .administrator: return "Chat log of order \(state.orderID)"
        }
    }

    private func placeholder(state: OrderChatState, closed: Bool) -> String {
        if state.denial != nil { return "Chat unavailable" }
        if closed { return OrderChatService.closedSystemMessage }
        if state.user.role == .administrator { return "Read-only chat log" }
        guard state.user.role == .customer else { return "Message the customer" }
        return state.order?.rider.map { "Message \($0.name)" } ?? "Message your rider"
    }

    private func row(for entry: RiderChatEntry, index: Int, user: RiderChatUser) -> OrderChatRowViewModel {
        let alignment = Self.alignment(of: entry.sender, for: user)
        let name = Self.name(of: entry.sender, for: user)
        let status = alignment == .right && user.role != .administrator ? Self.statusText(entry.status) : nil
        let time = format(entry.date)
        let label = "\(name), \(time): \(entry.text)" + (status.map { ". \($0)" } ?? "")
        let id = entry.sequence.map { "message-\($0)" } ?? "local-\(entry.clientMessageID ?? String(index))"
        return OrderChatRowViewModel(
            id: id, senderName: name, text: entry.text, time: time, status: status,
            willResend: Self.willResend(entry.status), alignment: alignment, accessibilityLabel: label)
    }

    /// Own messages right, the other party's left, system lines centred. Administrators read the log from
    /// the customer's side: customer right, rider left.
    static func alignment(of sender: RiderChatSender, for user: RiderChatUser) -> OrderChatRowViewModel.Alignment {
        switch (sender, user.role) {
        case (.system, _): return .center
        case (.customer, .administrator): return .right
        case (.rider, .administrator): return .left
        default: return sender.userID == user.id ? .right : .left
        }
    }

    static func name(of sender: RiderChatSender, for user: RiderChatUser) -> String {
        switch sender {
        case .system: return "System"
        case _ where sender.userID == user.id: return "You"
        case let .rider(_, name): return name
        case .customer: return "Customer"
        }
    }

    /// A failed message waiting in the outbox is resent automatically when connectivity returns; a refused one is not.
    static func willResend(_ status: RiderChatEntry.Status) -> Bool {
        if case .failed(_, true) = status { return true }
        return false
    }

    static func statusText(_ status: RiderChatEntry.Status) -> String {
        switch status {
        case .sending: return sending
        case .sent: return sent
        case .failed: return sendingFailed
        }
    }

    private func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

extension OrderChatClient {
    /// The chat screen as the person sees it now.
    public func viewModel(timeZone: TimeZone = .current) -> OrderChatViewModel {
        OrderChatPresenter(timeZone: timeZone).map(state)
    }
}

extension OrderChatPresenter {
    /// The counter under the input while typing: "488 characters left", or "12 characters too many".
    public static func characterCounter(for draft: String) -> String {
        let length = draft.trimmingCharacters(in: .whitespacesAndNewlines).count
        let left = RiderChatMessagePolicy.characterLimit - length
        if left >= 0 { return left == 1 ? "1 character left" : "\(left) characters left" }
        return -left == 1 ? "1 character too many" : "\(-left) characters too many"
    }
}
