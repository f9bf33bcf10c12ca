import Foundation

/// A realtime chat session of one visitor with one location of the chat service.
/// It keeps what the service pushed (online status, chat, operator, connection), applies the rules of the chat
/// (which states are shown, which requests are allowed) and tells the app through `onEvent`.
/// Confined to the context that created it (like a view controller's session object).
public final class ChatSession {
    public enum Phase: Equatable, Sendable { case idle, started, stopped }

    public private(set) var phase: Phase = .idle
    public private(set) var onlineStatus: SessionOnlineStatus?
    public private(set) var visitSessionState: VisitSessionState = .unknown
    public private(set) var connectionStatus: SessionConnectionStatus = .disconnected
    public private(set) var chat: SessionChat?
    public private(set) var isOperatorTyping = false

    private let configuration: SessionConfiguration
    private let service: RealtimeChatService
    private let makeClientSideId: () -> String
    private let onEvent: (SessionEvent) -> Void
    let currentDate: () -> Date
    let timer: SessionTimer?
    var typing = TypingThrottle()

    /// `timer` sends the typing update held back by the throttle (at most one every 2 s); without one, an update
    /// held back is replaced by the next one.
    public init(
        configuration: SessionConfiguration,
        service: RealtimeChatService,
        makeClientSideId: @escaping () -> String = { UUID().uuidString },
        currentDate: @escaping () -> Date = Date.init,
        timer: SessionTimer? = nil,
        onEvent: @escaping (SessionEvent) -> Void
    ) {
        self.configuration = configuration
        self.service = service
        self.makeClientSideId = makeClientSideId
        self.currentDate = currentDate
        self.timer = timer
        self.onEvent = onEvent
    }

    /// The chat to display, if any (`queue`, `chatting`, `closedByOperator`).
    public var shownChat: SessionChat? {
        guard let chat, chat.state.isShown else { return nil }
        return chat
    }

    public var currentOperator: SessionOperator? { chat?.operator }

    // MARK: - Life cycle

    /// Starts the session; the service answers with a full update.
    public func start() async throws(SessionError) {
        guard phase != .started else { return }
        // The account is the service's name or URL: one that names neither cannot be reached.
        guard configuration.serviceURL != nil else { throw .invalidAccount(configuration.accountName) }
        phase = .started
        do {
            try await service.connect(configuration) { [weak self] event in self?.receive(event) }
        } catch {
            phase = .idle
            throw Self.sessionError(error)
        }
    }

    /// Stops the session: no more updates or events after this.
    public func stop() {
        guard phase == .started else { return }
        phase = .stopped
        service.disconnect()
    }

    /// Asks the service for a full update.
    public func refresh() async throws(SessionError) {
        try checkStarted()
        try await perform(.refresh)
    }

    /// Registers the device for push notifications (the token the platform gave the app).
    public func setDeviceToken(_ token: String) async throws(SessionError) {
        try checkStarted()
        try await perform(.setDeviceToken(token))
    }

    // MARK: - Chat

    /// Starts a chat (operators must be online). Returns the client-side id that comes back in `chatStarted`.
    @discardableResult
    public func startChat(clientSideId: String? = nil) async throws(SessionError) -> String {
        try checkStarted()
        if let chat, chat.state == .queue || chat.state == .chatting { throw .chatAlreadyStarted }
        if let onlineStatus, onlineStatus != .online { throw .operatorsUnavailable(onlineStatus) }
        // As the SDK: no id, or an empty one, is replaced by a generated one, which is sent and returned.
        let id = clientSideId.flatMap { $0.isEmpty ? nil : $0 } ?? makeClientSideId()
        try await perform(.startChat(clientSideId: id))
        return id
    }

    public func closeChat() async throws(SessionError) {
        try checkShownChat()
        try await perform(.closeChat)
    }

    /// Sends a text message; the result names it by its client-side id (given or generated).
    public func sendMessage(_ text: String, clientSideId: String? = nil) async -> MessageSendResult {
        let id = clientSideId ?? makeClientSideId()
        do throws(SessionError) {
            try checkShownChat()
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyMessage }
            try await perform(.sendMessage(text: text, clientSideId: id))
            requeueIfClosedByOperator()
            return .sent(clientSideId: id)
        } catch {
            return .failed(clientSideId: id, error)
        }
    }

    /// Sends a file (e.g. "image.png", "image/png"); the result names it by its client-side id.
    public func sendFile(_ data: Data, name: String, mimeType: String, clientSideId: String? = nil) async -> MessageSendResult {
        let id = clientSideId ?? makeClientSideId()
        do throws(SessionError) {
            try checkShownChat()
            guard Self.isMIMEType(mimeType) else { throw .invalidMimeType(mimeType) }
            try await perform(.sendFile(data: data, name: name, mimeType: mimeType, clientSideId: id))
            requeueIfClosedByOperator()
            return .sent(clientSideId: id)
        } catch {
            return .failed(clientSideId: id, error)
        }
    }

    /// Tells the service the visitor has seen the chat's messages: the chat has no unread messages any more.
    public func markChatRead() async throws(SessionError) {
        try checkShownChat()
        try await perform(.markChatRead)
        chat?.hasUnreadMessages = false
    }

    /// Rates an operator of this chat from 1 to 5 stars. Only an operator who took part in the chat (its operator
    /// now, or the author of one of its messages) can be rated; the service takes the rate from −2 to +2
    /// (1 star → −2 … 5 stars → +2), as the SDK's `WMOperatorRate`.
    public func rateOperator(_ operatorId: String, rate stars: Int) async throws(SessionError) {
        guard (1...5).contains(stars) else { throw .invalidRate(stars) }
        try checkShownChat()
        let operators = operatorIdsInChat
        guard !operators.isEmpty else { throw .noOperator }
        guard operators.contains(operatorId) else { throw .unknownOperator(operatorId) }
        try await perform(.rateOperator(operatorId: operatorId, rate: stars - 3))
    }

    /// The operators who took part in the chat: its operator now and the authors of operators' messages.
    var operatorIdsInChat: Set<String> {
        guard let chat else { return [] }
        let authors = chat.messages.filter(\.kind.isFromOperator).compactMap(\.senderUID)
        return Set(authors + [chat.operator?.id].compactMap { $0 })
    }

    /// Writing again after the operator closed the chat puts it back in the queue (the app is told).
    private func requeueIfClosedByOperator() {
        guard chat?.state == .closedByOperator else { return }
        chat?.state = .queue
        onEvent(.chatStateChanged(.queue))
    }

    /// Where to download the attachment of a file message; nil for other messages.
    public func attachmentURL(for message: SessionMessage) -> URL? {
        guard message.kind == .fileFromVisitor || message.kind == .fileFromOperator else { return nil }
        return message.file?.url
    }

    // MARK: - Rules

    private func checkStarted() throws(SessionError) {
        switch phase {
        case .idle: throw .notStarted
        case .stopped: throw .stopped
        case .started: return
        }
    }

    func checkShownChat() throws(SessionError) {
        try checkStarted()
        guard let chat else { throw .noChat }
        guard chat.state.isShown else { throw .chatClosed(chat.state) }
    }

    /// Sends a request. When the service lost the visit session (`reinit-required`) the session connects again
    /// and sends the request once more, as the SDK does.
    func perform(_ request: SessionRequest) async throws(SessionError) {
        do {
            try await service.perform(request)
        } catch {
            let sessionError = Self.sessionError(error)
            guard sessionError == .reinitRequired else { throw sessionError }
            try await reconnect()
            do { try await service.perform(request) } catch { throw Self.sessionError(error) }
        }
    }

    private func reconnect() async throws(SessionError) {
        service.disconnect()
        do {
            try await service.connect(configuration) { [weak self] event in self?.receive(event) }
        } catch {
            throw Self.sessionError(error)
        }
    }

    static func sessionError(_ error: any Error) -> SessionError {
        if let serviceError = error as? ChatServiceError { return SessionError(serviceError: serviceError.code) }
        if let httpError = error as? ChatServiceHTTPError { return .fatalServerError(statusCode: httpError.statusCode) }
        return (error as? SessionError) ?? .server(String(describing: error))
    }

    // MARK: - Events pushed by the service

    /// Applies what the service pushed, then tells the app. Nothing gets through once the session is stopped.
    func receive(_ pushed: SessionEvent) {
        guard phase == .started else { return }
        let event = pushed.mappingWireValues(serviceURL: configuration.serviceURL)
        apply(event)
        onEvent(event)
    }

    private func apply(_ event: SessionEvent) {
        switch event {
        case let .fullUpdate(snapshot):
            onlineStatus = snapshot.onlineStatus
            connectionStatus = snapshot.connectionStatus
            chat = snapshot.chat
            isOperatorTyping = false
        case let .onlineStatusChanged(status):
            onlineStatus = status
        case let .visitSessionStateChanged(state):
            visitSessionState = state
            // No operator can be reached any more: only offline messages (the SDK also closes the chat).
            if state == .offlineMessage {
                onlineStatus = .offline
                isOperatorTyping = false
                // The SDK closes the chat: it is no longer displayed and nothing can be sent in it.
                if chat?.state.isShown == true { chat?.state = .closedByVisitor }
            }
        case let .chatStarted(startedChat, _):
            chat = startedChat
        case let .chatStateChanged(state):
            chat?.state = state
            if !state.isShown { isOperatorTyping = false }
        case let .messageReceived(message):
            guard chat != nil else { return }
            if let index = chat?.messages.firstIndex(where: { $0.id == message.id }) {
                chat?.messages[index] = message
            } else {
                chat?.messages.append(message)
                // The client keeps the unread flag: an operator's new message is unread until the visitor reads it.
                if message.kind.isFromOperator { chat?.hasUnreadMessages = true }
            }
        case let .operatorTyping(typing):
            isOperatorTyping = typing
        case .chatReadByVisitor:
            chat?.hasUnreadMessages = false
        case let .operatorUpdated(chatOperator):
            chat?.operator = chatOperator
        case let .connectionStatusChanged(status):
            connectionStatus = status
        case .error, .wire:
            break
        }
    }

    static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let token: (Substring) -> Bool = { part in
            !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || "!#$&^_.+-".contains($0) }
        }
        return parts.count == 2 && token(parts[0]) && token(parts[1])
    }
}
