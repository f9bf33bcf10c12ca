import Chat
import Foundation

/// A chat service that lives in memory and plays the server's part: the visitor's session talks to it through
/// `RealtimeChatService`, and the operator side (`operatorTakesChat`, `operatorReplies`, …) changes its state and
/// pushes the events a real service would. Used by the acceptance steps and the unit tests.
/// It deliberately does not repeat the client's rules (operators online to start a chat, a shown chat to write in,
/// no events after the session stopped): those belong to `ChatSession`, and a scenario must fail when they are lost.
/// Like a real connection, events already on their way still reach the last subscriber after `disconnect()`.
public final class InMemoryRealtimeChatServer: RealtimeChatService {
    public private(set) var onlineStatus: SessionOnlineStatus
    public private(set) var chat: SessionChat?
    public private(set) var receivedRequests: [SessionRequest] = []
    public private(set) var connectedConfiguration: SessionConfiguration?
    public private(set) var isVisitorTyping = false
    public private(set) var visitorDraft: String?
    public private(set) var ratings: [String: Int] = [:]
    public private(set) var isReachable = true
    public private(set) var deviceToken: String?

    private var subscriber: ((SessionEvent) -> Void)?
    public private(set) var isConnected = false
    private var pendingFailures: [any Error] = []
    /// How many times a session connected (a reconnection after `reinit-required` counts).
    public private(set) var connections = 0
    /// How many times a session connected again without closing the connection it had (two live connections).
    public private(set) var connectionsLeftOpen = 0
    /// How many times the visitor's session said the chat was read.
    public private(set) var readMarks = 0
    private var lastId = 0
    private let currentDate: () -> Date
    private let attachmentsURL: URL

    public init(
        onlineStatus: SessionOnlineStatus = .online,
        currentDate: @escaping () -> Date,
        attachmentsURL: URL = URL(string: "https://chat.example.com/attachments/")!
    ) {
        self.onlineStatus = onlineStatus
        self.currentDate = currentDate
        self.attachmentsURL = attachmentsURL
    }

    public var snapshot: SessionSnapshot {
        SessionSnapshot(onlineStatus: onlineStatus, connectionStatus: isConnected && isReachable ? .connected : .disconnected, chat: chat)
    }

    // MARK: - RealtimeChatService

    public func connect(_ configuration: SessionConfiguration, onEvent: @escaping (SessionEvent) -> Void) async throws {
        guard isReachable else { throw SessionError.networkError }
        connectedConfiguration = configuration
        if isConnected { connectionsLeftOpen += 1 }
        subscriber = onEvent
        isConnected = true
        connections += 1
        push(.fullUpdate(snapshot))
    }

    public func perform(_ request: SessionRequest) async throws {
        receivedRequests.append(request)
        guard isReachable else { throw SessionError.networkError }
        if !pendingFailures.isEmpty { throw pendingFailures.removeFirst() }
        switch request {
        case let .startChat(clientSideId):
            let started = SessionChat(id: nextId("chat"), state: .queue, clientSideId: clientSideId)
            chat = started
            push(.chatStarted(started, clientSideId: clientSideId))
        case let .sendMessage(text, clientSideId):
            addMessage(kind: .visitor, text: text, clientSideId: clientSideId)
        case let .sendFile(data, name, mimeType, clientSideId):
            addMessage(
                kind: .fileFromVisitor, text: name, clientSideId: clientSideId,
                file: attachment(name: name, mimeType: mimeType, size: data.count))
        case let .setComposing(isComposing, draft):
            isVisitorTyping = isComposing
            if let draft { visitorDraft = draft.isEmpty ? nil : draft }
        case let .rateOperator(operatorId, rate):
            ratings[operatorId] = rate
        case .closeChat:
            isVisitorTyping = false
            changeChatState(to: .closedByVisitor)
        case .markChatRead:
            chat?.hasUnreadMessages = false
            readMarks += 1
        case .refresh:
            push(.fullUpdate(snapshot))
        case let .setDeviceToken(token):
            deviceToken = token
        }
    }

    public func disconnect() {
        isConnected = false
        isVisitorTyping = false
    }

    // MARK: - The server's side

    public func setOnlineStatus(_ status: SessionOnlineStatus) {
        onlineStatus = status
        push(.onlineStatusChanged(status))
    }

    /// A chat kept from an earlier visit (the session finds it on its full update). As in the SDK, the operator
    /// of history messages is undefined: they carry no sender.
    public func restoreChat(state: SessionChatState, operator chatOperator: SessionOperator?, messages: [(SessionMessage.Kind, String)]) {
        var restored = SessionChat(id: nextId("chat"), state: state, operator: chatOperator)
        restored.messages = messages.map { kind, text in
            makeMessage(kind: kind, text: text, clientSideId: nil, sender: nil, file: nil)
        }
        chat = restored
    }

    /// An operator takes the chat in hand, or takes it over from another operator.
    public func operatorTakesChat(_ chatOperator: SessionOperator) {
        guard chat != nil else { return }
        chat?.operator = chatOperator
        push(.operatorUpdated(chatOperator))
        if chat?.state != .chatting { changeChatState(to: .chatting) }
    }

    public func operatorReplies(_ text: String) {
        addMessage(kind: .operator, text: text, clientSideId: nil, sender: chat?.operator)
    }

    /// The operator corrects a message already sent: the service pushes it again with the same id and the new text.
    public func operatorEditsLastMessage(to text: String) {
        guard let index = chat?.messages.lastIndex(where: { $0.kind == .operator }), let old = chat?.messages[index] else { return }
        let edited = SessionMessage(
            id: old.id, clientSideId: old.clientSideId, kind: old.kind, text: text, date: old.date,
            senderUID: old.senderUID, senderName: old.senderName,
            senderAvatarURL: old.senderAvatarURL, file: old.file)
        chat?.messages[index] = edited
        push(.messageReceived(edited))
    }

    public func operatorSendsFile(name: String, mimeType: String, size: Int, imageSize: SessionImageSize? = nil) {
        addMessage(
            kind: .fileFromOperator, text: name, clientSideId: nil, sender: chat?.operator,
            file: attachment(name: name, mimeType: mimeType, size: size, imageSize: imageSize))
    }

    public func systemMessage(_ text: String) {
        addMessage(kind: .system, text: text, clientSideId: nil)
    }

    public func operatorTyping(_ typing: Bool) {
        push(.operatorTyping(typing))
    }

    public func operatorClosesChat() {
        changeChatState(to: .closedByOperator)
    }

    /// Any other state change decided by the service (e.g. `closed`, `invitation`).
    public func changeChatState(to state: SessionChatState) {
        guard chat != nil else { return }
        chat?.state = state
        push(.chatStateChanged(state))
    }

    public func networkGoesDown() {
        isReachable = false
        push(.connectionStatusChanged(.disconnected))
        push(.error(.networkError))
    }

    public func networkComesBack() {
        isReachable = true
        push(.connectionStatusChanged(.connected))
        push(.fullUpdate(snapshot))
    }

    /// The next visitor request fails with this error.
    public func failNextRequest(with error: SessionError) {
        pendingFailures.append(error)
    }

    /// The next visitor request is answered with the service's error wire string (e.g. `"account-blocked"`).
    public func failNextRequest(withServiceError code: String) {
        pendingFailures.append(ChatServiceError(code: code))
    }

    /// The service reports the visit session state by its wire string (e.g. `"offline-message"`).
    public func reportVisitSessionState(wireValue: String) {
        push(.wire(.visitSessionState(wireValue)))
    }

    /// The service reports the online status by its wire string (e.g. `"busy_online"`).
    public func reportOnlineStatus(wireValue: String) {
        push(.wire(.onlineStatus(wireValue)))
    }

    /// The service reports the chat state by its wire string (e.g. `"closed_by_operator"`).
    public func reportChatState(wireValue: String) {
        guard chat != nil else { return }
        push(.wire(.chatState(wireValue)))
    }

    /// The service sends a message whose kind is a wire string (e.g. `"action_request"`), from the chat's operator.
    public func sendMessage(_ text: String, wireKind: String) {
        guard chat != nil else { return }
        let message = makeMessage(kind: .unknown, text: text, clientSideId: nil, sender: chat?.operator, file: nil)
        push(.wire(.message(message, kind: wireKind)))
    }

    /// The visitor read the chat on another device.
    public func visitorReadsChatElsewhere() {
        chat?.hasUnreadMessages = false
        push(.chatReadByVisitor)
    }

    /// Pushes a full update on the service's own initiative.
    public func pushFullUpdate() {
        push(.fullUpdate(snapshot))
    }

    // MARK: - Helpers

    private func push(_ event: SessionEvent) {
        guard isReachable || event == .connectionStatusChanged(.disconnected) || event == .error(.networkError) else { return }
        subscriber?(event)
    }

    private func addMessage(
        kind: SessionMessage.Kind, text: String, clientSideId: String?,
        sender: SessionOperator? = nil, file: SessionFile? = nil
    ) {
        guard chat != nil else { return }
        let message = makeMessage(kind: kind, text: text, clientSideId: clientSideId, sender: sender, file: file)
        chat?.messages.append(message)
        // The server's own record (`unreadByVisitorSinceTs`), delivered with full updates only.
        if kind == .operator || kind == .fileFromOperator { chat?.hasUnreadMessages = true }
        guard let sender else { return push(.messageReceived(message)) }
        // As the service: the message names its author on the wire; the client makes the sender fields.
        let unsigned = SessionMessage(
            id: message.id, clientSideId: message.clientSideId, kind: message.kind, text: message.text, date: message.date,
            file: message.file)
        let author = SessionWireAuthor(authorId: sender.id, name: sender.name, avatar: sender.avatarURL?.relativeString)
        push(.wire(.authoredMessage(unsigned, author: author)))
    }

    private func makeMessage(
        kind: SessionMessage.Kind, text: String, clientSideId: String?,
        sender: SessionOperator?, file: SessionFile?
    ) -> SessionMessage {
        SessionMessage(
            id: nextId("message"), clientSideId: clientSideId, kind: kind, text: text, date: currentDate(),
            senderUID: sender?.id, senderName: sender?.name, senderAvatarURL: sender?.avatarURL, file: file)
    }

    private func attachment(name: String, mimeType: String, size: Int, imageSize: SessionImageSize? = nil) -> SessionFile {
        let id = nextId("file")
        return SessionFile(
            name: name, mimeType: mimeType, size: size,
            url: attachmentsURL.appendingPathComponent(id).appendingPathComponent(name), imageSize: imageSize)
    }

    private func nextId(_ prefix: String) -> String {
        lastId += 1
        return "\(prefix)-\(lastId)"
    }
}
