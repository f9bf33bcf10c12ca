import Chat
import Foundation

/// An offline chat service in memory that plays the server's part: visitors' sessions talk to it through
/// `OfflineChatService`; the operator side (`operatorReplies`) adds answers and marks chats unread.
/// Every change gets a new revision, so history can be asked "since last time".
public final class InMemoryOfflineChatServer: OfflineChatService {
    private struct StoredChat {
        var chat: OfflineChat
        var token: String
        var changedAt: Int
        var messages: [(message: OfflineMessage, addedAt: Int)] = []
    }

    public private(set) var isReachable = true
    public private(set) var historyRequests: [(token: String, since: String?)] = []
    /// Every send that reached the service, in order.
    public private(set) var sendRequests: [(request: OfflineSendRequest, token: String)] = []
    /// Every read mark or deletion that reached the service, in order.
    public private(set) var actionRequests: [(action: OfflineChatAction, chatId: String, token: String)] = []
    private var stored: [String: StoredChat] = [:]
    private var pendingHistoryFailures: [any Error] = []
    private var knownVisitors: Set<String> = []
    private var revision = 0
    private var lastId = 0
    private let currentDate: () -> Date
    private let attachmentsURL: URL

    public init(
        currentDate: @escaping () -> Date,
        attachmentsURL: URL = URL(string: "https://chat.example.com/offline-attachments/")!
    ) {
        self.currentDate = currentDate
        self.attachmentsURL = attachmentsURL
    }

    // MARK: - OfflineChatService

    public func history(token: String, since revision: String?) async throws -> OfflineHistoryPage {
        historyRequests.append((token, revision))
        try checkReachable()
        if !pendingHistoryFailures.isEmpty { throw pendingHistoryFailures.removeFirst() }
        // Like the SDK's server, a visitor exists only after their first message.
        guard knownVisitors.contains(token) else { throw ChatServiceError(code: "visitor-not-set") }
        let since = revision.flatMap(Int.init) ?? -1
        let own = stored.values.filter { $0.token == token }
        let chats = own.filter { $0.changedAt > since }.map(\.chat)
        let messages = own.flatMap { $0.messages.filter { $0.addedAt > since }.map(\.message) }
        let strays = strayMessages
        strayMessages = []
        return OfflineHistoryPage(revision: String(self.revision), chats: chats, messages: messages + strays)
    }

    /// Messages the next history answer carries for a chat it does not list (as a server in the middle of a change).
    private var strayMessages: [OfflineMessage] = []

    /// The next history answer also carries this message, for a chat id the answer does not list.
    public func includeInNextHistory(strayMessage text: String, chatId: String) {
        strayMessages.append(
            OfflineMessage(id: nextId("offline-message"), chatId: chatId, kind: .operator, text: text, date: currentDate()))
    }

    public func send(_ request: OfflineSendRequest, token: String) async throws -> OfflineSendReceipt {
        sendRequests.append((request, token))
        try checkReachable()
        let chatId: String
        if let existing = request.chatId {
            guard let chat = stored[existing], chat.token == token else { throw SessionError.noChat }
            chatId = chat.chat.id
        } else {
            chatId = createChat(token: token, createdAt: currentDate(), departmentKey: request.departmentKey)
        }
        let message: OfflineMessage
        switch request.content {
        case let .text(text):
            message = addMessage(to: chatId, kind: .visitor, text: text, date: currentDate())
        case let .file(data, name, mimeType):
            let file = SessionFile(
                name: name, mimeType: mimeType, size: data.count,
                url: attachmentsURL.appendingPathComponent(nextId("file")).appendingPathComponent(name))
            message = addMessage(to: chatId, kind: .fileFromVisitor, text: name, date: currentDate(), file: file)
        }
        return OfflineSendReceipt(chat: stored[chatId]!.chat, message: message)
    }

    public func perform(_ action: OfflineChatAction, chatId: String, token: String) async throws {
        try checkReachable()
        actionRequests.append((action, chatId, token))
        // The service's answer for a chat it does not have (deleted elsewhere, or another visitor's).
        guard let chat = stored[chatId], chat.token == token else { throw ChatServiceError(code: "chat-not-found") }
        switch action {
        case .markAsRead:
            revision += 1
            stored[chatId]?.chat.hasUnreadMessages = false
            stored[chatId]?.changedAt = revision
        case .delete:
            stored[chatId] = nil
        }
    }

    // MARK: - The server's side

    /// A chat the visitor already has on the server. Returns its id.
    @discardableResult
    public func addChat(token: String, createdAt: Date, departmentKey: String? = nil) -> String {
        createChat(token: token, createdAt: createdAt, departmentKey: departmentKey)
    }

    /// A message already in a chat (by the visitor or an operator), at a given date.
    @discardableResult
    public func addMessage(
        to chatId: String, kind: SessionMessage.Kind, text: String, date: Date,
        senderName: String? = nil, file: SessionFile? = nil
    ) -> OfflineMessage {
        revision += 1
        let message = OfflineMessage(
            id: nextId("offline-message"), chatId: chatId, kind: kind, text: text, date: date,
            senderName: senderName, file: file)
        stored[chatId]?.messages.append((message, revision))
        stored[chatId]?.changedAt = revision
        return message
    }

    /// An operator answers a chat later (the visitor's session marks it unread when the answer arrives).
    @discardableResult
    public func operatorReplies(_ text: String, inChat chatId: String, operatorName: String) -> OfflineMessage {
        addMessage(to: chatId, kind: .operator, text: text, date: currentDate(), senderName: operatorName)
    }

    /// The next history requests are answered with these failures, in order (e.g. `server-not-ready`, HTTP 500).
    public func failNextHistoryRequests(with failures: [any Error]) {
        pendingHistoryFailures.append(contentsOf: failures)
    }

    /// An operator hands the chat over to another department.
    public func moveChat(_ chatId: String, toDepartment departmentKey: String) {
        revision += 1
        stored[chatId]?.chat.departmentKey = departmentKey
        stored[chatId]?.changedAt = revision
    }

    public func chatIds(of token: String) -> [String] {
        stored.values.filter { $0.token == token }.sorted { $0.chat.createdAt < $1.chat.createdAt }.map(\.chat.id)
    }

    public func chat(_ id: String) -> OfflineChat? {
        guard let entry = stored[id] else { return nil }
        var chat = entry.chat
        chat.messages = entry.messages.map(\.message)
        return chat
    }

    public func networkGoesDown() { isReachable = false }
    public func networkComesBack() { isReachable = true }

    // MARK: - Helpers

    private func checkReachable() throws {
        guard isReachable else { throw SessionError.networkError }
    }

    private func createChat(token: String, createdAt: Date, departmentKey: String?) -> String {
        revision += 1
        let id = nextId("offline-chat")
        stored[id] = StoredChat(
            chat: OfflineChat(id: id, createdAt: createdAt, departmentKey: departmentKey), token: token, changedAt: revision)
        knownVisitors.insert(token)
        return id
    }

    private func nextId(_ prefix: String) -> String {
        lastId += 1
        return "\(prefix)-\(lastId)"
    }
}
