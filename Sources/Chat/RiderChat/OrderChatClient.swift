import Foundation

/// What happened to a message the person asked to send.
public enum RiderChatSendOutcome: Sendable, Equatable {
    case sent
    /// No connectivity: shown as "Sending failed" and resent automatically when connectivity returns.
    case queued
    /// Not sent, with the reason to show (too long, empty, chat closed, not allowed…).
    case refused(reason: String)
}

/// One app's side of an order chat (the customer's or the rider's, or an administrator reading a log):
/// loads the last 20 messages, sends with sending → sent/failed statuses, keeps an outbox while offline
/// and resends it in order exactly once, applies real-time events, and pages older history.
public final class OrderChatClient {
    public private(set) var state: OrderChatState
    private let transport: RiderChatTransport
    private let currentDate: () -> Date
    private let makeClientMessageID: () -> String
    private var outbox: [String] = []
    private var isFlushing = false

    public init(
        orderID: String, user: RiderChatUser, transport: RiderChatTransport,
        currentDate: @escaping () -> Date, makeClientMessageID: @escaping () -> String
    ) {
        self.state = OrderChatState(orderID: orderID, user: user)
        self.transport = transport
        self.currentDate = currentDate
        self.makeClientMessageID = makeClientMessageID
    }

    public var quickReplies: [String] { RiderChatQuickReplies.replies(for: state.user.role) }

    /// The person typed in the input: the draft so far (the counter under the input follows it).
    public func type(_ draft: String) {
        state.draft = draft
    }

    /// Client message ids waiting for connectivity, oldest first.
    public var queuedMessageIDs: [String] { outbox }

    /// Opens the chat: checks access and loads the last 20 messages of this order. Opening again (e.g. when
    /// connectivity returns) merges what was missed and keeps local and older messages.
    public func open() async {
        do {
            let snapshot = try await transport.join(orderID: state.orderID, as: state.user)
            state.order = snapshot.order
            state.canSend = snapshot.canSend
            state.denial = nil
            state.notice = nil
            let known = state.entries.compactMap(\.sequence)
            let latest = snapshot.history.messages.first?.sequence ?? 0
            if known.isEmpty || (known.max() ?? 0) + 1 < latest {
                // First load, or more was missed than one page: start again from the latest page.
                state.entries.removeAll { $0.sequence != nil }
                state.hasOlder = snapshot.history.hasOlder
            }
            snapshot.history.messages.forEach { state.merge($0) }
        } catch let error as RiderChatError {
            state.denial = error.reason
            state.canSend = false
        } catch {
            state.notice = "The chat could not be loaded. Check your connection; it will load again when you are back online."
        }
    }

    /// Scrolling up: loads the page of messages before the oldest one shown.
    public func loadOlderMessages() async {
        guard state.hasOlder, let oldest = state.entries.compactMap(\.sequence).min() else { return }
        do {
            let page = try await transport.history(orderID: state.orderID, as: state.user, before: oldest)
            // A page is oldest first and all before the oldest message shown: in front, the order holds.
            state.entries.insert(contentsOf: page.messages.map(RiderChatEntry.init), at: 0)
            state.hasOlder = page.hasOlder
        } catch let error as RiderChatError {
            state.notice = error.reason
        } catch {
            state.notice = "Older messages could not be loaded. Check your connection and scroll up again."
        }
    }

    /// Typing a message and tapping Send, or tapping a quick reply.
    @discardableResult
    public func send(_ text: String) async -> RiderChatSendOutcome {
        guard state.canSend, let order = state.order else {
            let reason = sendBlockedReason()
            state.notice = reason
            return .refused(reason: reason)
        }
        let validated: String
        do { validated = try RiderChatMessagePolicy.validate(text) } catch {
            state.notice = error.reason
            return .refused(reason: error.reason)
        }
        state.notice = nil
        let id = makeClientMessageID()
        let sender = RiderChatAccessPolicy.sender(for: state.user, in: order)
        state.entries.append(
            RiderChatEntry(clientMessageID: id, sequence: nil, sender: sender, text: validated, date: currentDate(), status: .sending))
        if state.isOnline { await flushOutbox() }
        guard state.isOnline, outbox.isEmpty else {
            enqueue(id)
            return .queued
        }
        return await deliver(id)
    }

    /// A quick reply is sent at once (AC-007).
    @discardableResult
    public func sendQuickReply(_ reply: String) async -> RiderChatSendOutcome {
        await send(reply)
    }

    /// The device's connectivity changed; when it returns, the chat catches up with what it missed and
    /// queued messages are resent in order (a message the service already has is not sent again).
    public func connectivityChanged(isOnline: Bool) async {
        let wasOnline = state.isOnline
        state.isOnline = isOnline
        guard isOnline else { return }
        // Catch up after being offline, before resending, or when the chat could not be loaded at all.
        if !wasOnline || !outbox.isEmpty || state.order == nil { await open() }
        await flushOutbox()
    }

    /// A real-time event from the service's subscription.
    public func receive(_ event: RiderChatEvent) {
        switch event {
        case let .message(message):
            state.merge(message)
        case let .chatClosed(status):
            state.order?.status = status
            state.canSend = false
        case let .riderChanged(rider):
            state.order?.rider = rider
        case let .accessRevoked(reason):
            state.denial = reason
            state.canSend = false
        }
    }

    private func sendBlockedReason() -> String {
        if let denial = state.denial { return denial }
        if state.user.role == .administrator { return RiderChatError.administratorsCannotSend.reason }
        if let order = state.order, order.status.isClosed {
            return RiderChatError.chatClosed(orderID: order.id, status: order.status).reason
        }
        return "Open the chat before sending a message."
    }

    private func enqueue(_ id: String) {
        if !outbox.contains(id) { outbox.append(id) }
        state.update(id, to: .failed(reason: OrderChatPresenter.sendingFailed, willRetry: true))
    }

    private func deliver(_ id: String) async -> RiderChatSendOutcome {
        guard let entry = state.entries.first(where: { $0.clientMessageID == id && $0.sequence == nil }) else { return .sent }
        state.update(id, to: .sending)
        do {
            let message = try await transport.send(
                RiderChatSendRequest(orderID: state.orderID, sender: state.user, clientMessageID: id, text: entry.text))
            state.merge(message)
            return .sent
        } catch let error as RiderChatError {
            state.update(id, to: .failed(reason: error.reason, willRetry: false))
            state.notice = error.reason
            if case .chatClosed = error { state.canSend = false }
            return .refused(reason: error.reason)
        } catch {
            enqueue(id)
            return .queued
        }
    }

    private func flushOutbox() async {
        guard !isFlushing else { return }
        isFlushing = true
        defer { isFlushing = false }
        while let id = outbox.first, state.isOnline {
            // A message that could not go out keeps its place at the front and waits for connectivity.
            if case .queued = await deliver(id) { return }
            outbox.removeFirst()
        }
    }
}
