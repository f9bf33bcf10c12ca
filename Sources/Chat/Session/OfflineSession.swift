import Foundation

/// The offline chats of one visitor (identified by a token that must not change between launches).
/// Nothing updates by itself: `getHistory` brings the changes, which are merged into `chats` and cached.
/// Data cached for another token is never shown; `clearCachedUserData` removes it from the device.
public final class OfflineSession {
    public let token: String
    /// The visitor's chats, sorted by creation date, each with its messages sorted by date.
    public private(set) var chats: [OfflineChat] = []
    public private(set) var isStopped = false

    private var revision: String?
    private let service: OfflineChatService
    private let cache: OfflineHistoryCache
    private let wait: (TimeInterval) async -> Void

    /// How many times a history request is sent while the service answers `server-not-ready` (as the SDK).
    static let historyTries = 3

    public init(
        token: String, service: OfflineChatService, cache: OfflineHistoryCache,
        wait: @escaping (TimeInterval) async -> Void = { try? await Task.sleep(for: .seconds($0)) }
    ) {
        self.token = token
        self.service = service
        self.cache = cache
        self.wait = wait
        if let cached = cache.load(), cached.token == token {
            revision = cached.revision
            chats = Self.sorted(cached.chats)
        }
    }

    /// Removes the cached data of whoever used the offline chat last (call it when the user changes).
    public static func clearCachedUserData(in cache: OfflineHistoryCache) {
        cache.clear()
    }

    public var unreadChats: [OfflineChat] { chats.filter(\.hasUnreadMessages) }

    public func chat(for message: OfflineMessage) -> OfflineChat? {
        chats.first { $0.id == message.chatId }
    }

    /// Where to download the attachment of a file message (the SDK does not keep files); nil for text messages.
    public func attachmentURL(for message: OfflineMessage) -> URL? {
        guard message.kind == .fileFromVisitor || message.kind == .fileFromOperator else { return nil }
        return message.file?.url
    }

    /// Stops this session: no more history requests or sends.
    public func stop() { isStopped = true }

    // MARK: - History

    /// Gets what changed since last time, or everything when `forced` (or when nothing was fetched yet).
    @discardableResult
    public func getHistory(forced: Bool = false) async throws(SessionError) -> OfflineHistoryChanges {
        try checkActive()
        let since = forced ? nil : revision
        let page = try await historyPage(since: since)

        var known = Dictionary(uniqueKeysWithValues: chats.map { ($0.id, $0) })
        if since == nil {
            let listed = Set(page.chats.map(\.id))
            known = known.filter { listed.contains($0.key) }
        }
        var changes = OfflineHistoryChanges()
        for summary in page.chats {
            if var existing = known[summary.id] {
                if existing.hasUnreadMessages != summary.hasUnreadMessages || existing.departmentKey != summary.departmentKey {
                    existing.hasUnreadMessages = summary.hasUnreadMessages
                    existing.departmentKey = summary.departmentKey
                    changes.modifiedChats.append(existing)
                }
                known[summary.id] = existing
            } else {
                known[summary.id] = summary
                changes.newChats.append(summary)
            }
        }
        for message in page.messages.sorted(by: Self.messageOrder) {
            guard var chat = known[message.chatId], !chat.messages.contains(where: { $0.id == message.id }) else { continue }
            chat.messages.append(message)
            // An operator's reply marks the chat unread until it is shown ("marked as unreaded" in the docs).
            if message.kind.isFromOperator { chat.hasUnreadMessages = true }
            known[message.chatId] = chat
            changes.messages.append(message)
        }
        let touched = Set(changes.messages.map(\.chatId))
        for id in touched
        where !changes.newChats.contains(where: { $0.id == id }) && !changes.modifiedChats.contains(where: { $0.id == id }) {
            if let chat = known[id] { changes.modifiedChats.append(chat) }
        }
        chats = Self.sorted(Array(known.values))
        changes.newChats = changes.newChats.compactMap { new in chats.first { $0.id == new.id } }
        changes.modifiedChats = Self.sorted(changes.modifiedChats.compactMap { modified in chats.first { $0.id == modified.id } })
        revision = page.revision
        persist()
        return changes
    }

    /// One page of history. While the service is not ready yet it is asked again, after 1 s, then 2 s (3 tries).
    /// When the service lost the visitor's session (`reinit-required`) it is asked again at once, once (as the SDK,
    /// which starts its session again and retries once).
    private func historyPage(since: String?) async throws(SessionError) -> OfflineHistoryPage {
        var tries = 0
        var isRestarted = false
        while true {
            tries += 1
            do {
                return try await service.history(token: token, since: since)
            } catch {
                let sessionError = Self.sessionError(error)
                if sessionError == .reinitRequired, !isRestarted {
                    isRestarted = true
                    continue
                }
                guard sessionError == .serverNotReady, tries < Self.historyTries else { throw sessionError }
                await wait(TimeInterval(tries))
            }
        }
    }

    // MARK: - Sending

    /// Sends a message in an existing chat, or creates a new chat with it when `chat` is nil.
    @discardableResult
    public func sendMessage(_ text: String, in chat: OfflineChat?, departmentKey: String? = nil) async throws(SessionError)
        -> OfflineSendReceipt
    {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyMessage }
        return try await send(.text(text), in: chat, departmentKey: departmentKey)
    }

    @discardableResult
    public func sendFile(_ data: Data, name: String, mimeType: String, in chat: OfflineChat?, departmentKey: String? = nil)
        async throws(SessionError) -> OfflineSendReceipt
    {
        guard ChatSession.isMIMEType(mimeType) else { throw .invalidMimeType(mimeType) }
        return try await send(.file(data: data, name: name, mimeType: mimeType), in: chat, departmentKey: departmentKey)
    }

    /// Sends a PNG or JPEG image.
    @discardableResult
    public func sendImage(_ data: Data, type: OfflineImageType, in chat: OfflineChat?, departmentKey: String? = nil)
        async throws(SessionError) -> OfflineSendReceipt
    {
        try await sendFile(data, name: "image.\(type.rawValue)", mimeType: type.mimeType, in: chat, departmentKey: departmentKey)
    }

    private func send(_ content: OfflineSendRequest.Content, in chat: OfflineChat?, departmentKey: String?) async throws(SessionError)
        -> OfflineSendReceipt
    {
        try checkActive()
        if let chat, self.chat(withId: chat.id) == nil { throw .noChat }
        let request = OfflineSendRequest(content: content, chatId: chat?.id, departmentKey: departmentKey)
        let receipt: OfflineSendReceipt
        do { receipt = try await service.send(request, token: token) } catch { throw Self.sessionError(error) }
        var updated = self.chat(withId: receipt.chat.id) ?? receipt.chat
        if !updated.messages.contains(where: { $0.id == receipt.message.id }) { updated.messages.append(receipt.message) }
        updated.messages.sort(by: Self.messageOrder)
        replace(updated)
        return OfflineSendReceipt(chat: updated, message: receipt.message)
    }

    // MARK: - Read and delete

    /// Marks a chat as read after its new messages were shown to the user.
    public func markChatAsRead(_ chat: OfflineChat) async throws(SessionError) {
        try await perform(.markAsRead, on: chat)
        guard var updated = self.chat(withId: chat.id) else { return }
        updated.hasUnreadMessages = false
        replace(updated)
    }

    public func deleteChat(_ chat: OfflineChat) async throws(SessionError) {
        try await perform(.delete, on: chat)
        chats.removeAll { $0.id == chat.id }
        persist()
    }

    private func perform(_ action: OfflineChatAction, on chat: OfflineChat) async throws(SessionError) {
        try checkActive()
        guard self.chat(withId: chat.id) != nil else { throw .noChat }
        do {
            try await service.perform(action, chatId: chat.id, token: token)
        } catch {
            // As the SDK: a chat the service no longer has (`chat-not-found`) is already read or deleted there.
            let sessionError = Self.sessionError(error)
            guard sessionError == .noChat else { throw sessionError }
        }
    }

    // MARK: - Helpers

    private func checkActive() throws(SessionError) {
        if isStopped { throw .stopped }
    }

    private func chat(withId id: String) -> OfflineChat? {
        chats.first { $0.id == id }
    }

    private func replace(_ chat: OfflineChat) {
        chats.removeAll { $0.id == chat.id }
        chats = Self.sorted(chats + [chat])
        persist()
    }

    private func persist() {
        cache.save(OfflineHistorySnapshot(token: token, revision: revision, chats: chats))
    }

    private static func sorted(_ chats: [OfflineChat]) -> [OfflineChat] {
        chats.map { chat in
            var chat = chat
            chat.messages.sort(by: messageOrder)
            return chat
        }
        .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    private static func messageOrder(_ a: OfflineMessage, _ b: OfflineMessage) -> Bool {
        (a.date, a.id) < (b.date, b.id)
    }

    private static func sessionError(_ error: any Error) -> SessionError {
        ChatSession.sessionError(error)
    }
}
