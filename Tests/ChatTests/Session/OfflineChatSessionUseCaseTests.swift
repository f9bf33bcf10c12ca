import DomainTestSupport
import XCTest

@testable import Chat

final class OfflineChatSessionUseCaseTests: XCTestCase {
    // MARK: - Cache

    func test_init_doesNotMessageService() {
        let (_, service, _) = makeSUT()
        XCTAssertEqual(service.messages, [])
    }

    func test_init_showsCachedChatsOfTheSameVisitor() {
        let chat = OfflineChat(id: "c1", createdAt: date(1))
        let cache = InMemoryOfflineHistoryCache(snapshot: OfflineHistorySnapshot(token: "alice", revision: "3", chats: [chat]))

        let (sut, _, _) = makeSUT(token: "alice", cache: cache)

        XCTAssertEqual(sut.chats, [chat])
    }

    func test_init_neverShowsChatsCachedForAnotherVisitor() {
        let cache = InMemoryOfflineHistoryCache(
            snapshot: OfflineHistorySnapshot(token: "alice", revision: "3", chats: [OfflineChat(id: "c1", createdAt: date(1))]))

        let (sut, _, _) = makeSUT(token: "bob", cache: cache)

        XCTAssertEqual(sut.chats, [])
    }

    func test_clearCachedUserData_removesCachedData() {
        let cache = InMemoryOfflineHistoryCache(snapshot: OfflineHistorySnapshot(token: "alice", revision: "3", chats: []))

        OfflineSession.clearCachedUserData(in: cache)

        XCTAssertNil(cache.load())
    }

    // MARK: - History

    func test_getHistory_requestsFullHistoryOnFirstCallThenOnlyChangesSinceLastRevision() async throws {
        let (sut, service, _) = makeSUT(token: "alice")
        service.historyResults = [.success(page("5")), .success(page("8"))]

        try await sut.getHistory()
        try await sut.getHistory()

        XCTAssertEqual(service.messages, [.history(token: "alice", since: nil), .history(token: "alice", since: "5")])
    }

    func test_getHistory_forcedRequestsFullHistory() async throws {
        let (sut, service, _) = makeSUT(token: "alice")
        service.historyResults = [.success(page("5")), .success(page("5"))]

        try await sut.getHistory()
        try await sut.getHistory(forced: true)

        XCTAssertEqual(service.messages.last, .history(token: "alice", since: nil))
    }

    func test_getHistory_sortsChatsByCreationAndMessagesByDate() async throws {
        let (sut, service, _) = makeSUT()
        service.historyResults = [
            .success(
                page(
                    "1",
                    chats: [OfflineChat(id: "late", createdAt: date(20)), OfflineChat(id: "early", createdAt: date(10))],
                    messages: [msg("m2", in: "early", at: 12), msg("m1", in: "early", at: 11), msg("m3", in: "late", at: 21)]))
        ]

        try await sut.getHistory()

        XCTAssertEqual(sut.chats.map(\.id), ["early", "late"])
        XCTAssertEqual(sut.chats.first?.messages.map(\.id), ["m1", "m2"])
    }

    func test_getHistory_reportsNewChatsModifiedChatsAndNewMessages() async throws {
        let (sut, service, _) = makeSUT()
        service.historyResults = [
            .success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1))], messages: [msg("m1", in: "a", at: 1)])),
            .success(
                page(
                    "2",
                    chats: [OfflineChat(id: "a", createdAt: date(1), hasUnreadMessages: true), OfflineChat(id: "b", createdAt: date(5))],
                    messages: [msg("m2", in: "a", at: 6)])),
        ]

        let first = try await sut.getHistory()
        let second = try await sut.getHistory()

        XCTAssertEqual(first.newChats.map(\.id), ["a"])
        XCTAssertEqual(first.messages.map(\.id), ["m1"])
        XCTAssertEqual(second.newChats.map(\.id), ["b"])
        XCTAssertEqual(second.modifiedChats.map(\.id), ["a"])
        XCTAssertEqual(second.modifiedChats.first?.messages.map(\.id), ["m1", "m2"])
        XCTAssertEqual(second.messages.map(\.id), ["m2"])
        XCTAssertEqual(sut.unreadChats.map(\.id), ["a"])
    }

    func test_getHistory_reportsNoChangesWhenNothingChanged() async throws {
        let (sut, service, _) = makeSUT()
        service.historyResults = [.success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1))])), .success(page("1"))]

        try await sut.getHistory()
        let changes = try await sut.getHistory()

        XCTAssertTrue(changes.isEmpty)
    }

    func test_getHistory_keepsChatsAndDeliversNetworkErrorOnServiceError() async throws {
        let (sut, service, _) = makeSUT()
        service.historyResults = [
            .success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1))])), .failure(SessionError.networkError),
        ]
        try await sut.getHistory()

        await expect(.networkError) { try await sut.getHistory() }
        XCTAssertEqual(sut.chats.map(\.id), ["a"])
    }

    func test_getHistory_savesRevisionAndChatsInCache() async throws {
        let (sut, service, cache) = makeSUT(token: "alice")
        service.historyResults = [.success(page("9", chats: [OfflineChat(id: "a", createdAt: date(1))]))]

        try await sut.getHistory()

        XCTAssertEqual(cache.load()?.token, "alice")
        XCTAssertEqual(cache.load()?.revision, "9")
        XCTAssertEqual(cache.load()?.chats.map(\.id), ["a"])
    }

    // MARK: - Sending

    func test_sendMessage_withoutChatAsksServiceToCreateNewChat() async throws {
        let (sut, service, _) = makeSUT(token: "alice")
        service.sendResults = [
            .success(OfflineSendReceipt(chat: OfflineChat(id: "new", createdAt: date(3)), message: msg("m", in: "new", at: 3)))
        ]

        let receipt = try await sut.sendMessage("Hello", in: nil, departmentKey: "sales")

        XCTAssertEqual(
            service.messages, [.send(OfflineSendRequest(content: .text("Hello"), chatId: nil, departmentKey: "sales"), token: "alice")])
        XCTAssertEqual(receipt.chat.messages.map(\.id), ["m"])
        XCTAssertEqual(sut.chats.map(\.id), ["new"])
    }

    func test_sendMessage_inExistingChatAddsMessageToIt() async throws {
        let (sut, service, _) = makeSUT(token: "alice")
        service.historyResults = [
            .success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1))], messages: [msg("m1", in: "a", at: 1)]))
        ]
        try await sut.getHistory()
        service.sendResults = [
            .success(OfflineSendReceipt(chat: OfflineChat(id: "a", createdAt: date(1)), message: msg("m2", in: "a", at: 2)))
        ]

        try await sut.sendMessage("More", in: sut.chats[0])

        XCTAssertEqual(
            service.messages.last, .send(OfflineSendRequest(content: .text("More"), chatId: "a", departmentKey: nil), token: "alice"))
        XCTAssertEqual(sut.chats.first?.messages.map(\.id), ["m1", "m2"])
    }

    func test_sendMessage_failsWithoutRequestOnEmptyTextOrUnknownChat() async {
        let (sut, service, _) = makeSUT()

        await expect(.emptyMessage) { try await sut.sendMessage(" ", in: nil) }
        await expect(.noChat) { try await sut.sendMessage("Hi", in: OfflineChat(id: "ghost", createdAt: self.date(1))) }
        XCTAssertEqual(service.messages, [])
    }

    func test_sendImage_sendsPNGOrJPEGMimeType() async throws {
        let (sut, service, _) = makeSUT(token: "alice")
        service.sendResults = [
            .success(OfflineSendReceipt(chat: OfflineChat(id: "new", createdAt: date(3)), message: msg("m", in: "new", at: 3)))
        ]
        let data = Data([0x89])

        try await sut.sendImage(data, type: .png, in: nil)

        XCTAssertEqual(
            service.messages,
            [
                .send(
                    OfflineSendRequest(
                        content: .file(data: data, name: "image.png", mimeType: "image/png"), chatId: nil, departmentKey: nil),
                    token: "alice")
            ])
    }

    func test_attachmentURL_isGivenForFileMessagesOnly() {
        let (sut, _, _) = makeSUT()
        let url = URL(string: "https://files.example/1/tag.pdf")!
        let file = SessionFile(name: "tag.pdf", mimeType: "application/pdf", size: 1, url: url)

        XCTAssertEqual(
            sut.attachmentURL(
                for: OfflineMessage(id: "m", chatId: "c", kind: .fileFromVisitor, text: "tag.pdf", date: date(1), file: file)), url)
        XCTAssertNil(sut.attachmentURL(for: OfflineMessage(id: "m", chatId: "c", kind: .visitor, text: "hi", date: date(1), file: file)))
    }

    func test_sendFile_failsWithoutRequestOnInvalidMimeType() async {
        let (sut, service, _) = makeSUT()

        await expect(.invalidMimeType("pdf")) { try await sut.sendFile(Data(), name: "x.pdf", mimeType: "pdf", in: nil) }
        XCTAssertEqual(service.messages, [])
    }

    // MARK: - Read, delete, stop

    func test_markChatAsRead_clearsUnreadMark() async throws {
        let (sut, service, _) = makeSUT(token: "alice")
        service.historyResults = [.success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1), hasUnreadMessages: true)]))]
        try await sut.getHistory()

        try await sut.markChatAsRead(sut.chats[0])

        XCTAssertEqual(service.messages.last, .perform(.markAsRead, chatId: "a", token: "alice"))
        XCTAssertEqual(sut.unreadChats, [])
    }

    func test_markChatAsRead_keepsUnreadMarkOnServiceError() async throws {
        let (sut, service, _) = makeSUT()
        service.historyResults = [.success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1), hasUnreadMessages: true)]))]
        try await sut.getHistory()
        service.performError = SessionError.networkError

        await expect(.networkError) { try await sut.markChatAsRead(sut.chats[0]) }
        XCTAssertEqual(sut.unreadChats.map(\.id), ["a"])
    }

    func test_deleteChat_removesChatLocallyAndFromCache() async throws {
        let (sut, service, cache) = makeSUT(token: "alice")
        service.historyResults = [
            .success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1)), OfflineChat(id: "b", createdAt: date(2))]))
        ]
        try await sut.getHistory()

        try await sut.deleteChat(sut.chats[0])

        XCTAssertEqual(service.messages.last, .perform(.delete, chatId: "a", token: "alice"))
        XCTAssertEqual(sut.chats.map(\.id), ["b"])
        XCTAssertEqual(cache.load()?.chats.map(\.id), ["b"])
    }

    func test_deleteChat_removesChatAndPersistsOnChatNotFound() async throws {
        let (sut, service, cache) = makeSUT(token: "alice")
        service.historyResults = [
            .success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1)), OfflineChat(id: "b", createdAt: date(2))]))
        ]
        try await sut.getHistory()
        service.performError = ChatServiceError(code: "chat-not-found")

        try await sut.deleteChat(sut.chats[0])

        XCTAssertEqual(sut.chats.map(\.id), ["b"])
        XCTAssertEqual(cache.load()?.chats.map(\.id), ["b"])
    }

    func test_markChatAsRead_clearsUnreadMarkOnChatNotFound() async throws {
        let (sut, service, cache) = makeSUT(token: "alice")
        service.historyResults = [.success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1), hasUnreadMessages: true)]))]
        try await sut.getHistory()
        service.performError = ChatServiceError(code: "chat-not-found")

        try await sut.markChatAsRead(sut.chats[0])

        XCTAssertEqual(sut.unreadChats, [])
        XCTAssertEqual(cache.load()?.chats.map(\.hasUnreadMessages), [false])
    }

    func test_stop_refusesFurtherRequests() async {
        let (sut, service, _) = makeSUT()

        sut.stop()

        await expect(.stopped) { try await sut.getHistory() }
        await expect(.stopped) { try await sut.sendMessage("Hi", in: nil) }
        XCTAssertEqual(service.messages, [])
    }

    func test_chatForMessage_findsTheChatOfAMessage() async throws {
        let (sut, service, _) = makeSUT()
        service.historyResults = [
            .success(page("1", chats: [OfflineChat(id: "a", createdAt: date(1))], messages: [msg("m1", in: "a", at: 1)]))
        ]
        try await sut.getHistory()

        XCTAssertEqual(sut.chat(for: msg("m1", in: "a", at: 1))?.id, "a")
        XCTAssertNil(sut.chat(for: msg("x", in: "zzz", at: 1)))
    }

    // MARK: - Helpers

    private func makeSUT(
        token: String = "visitor-token", cache: InMemoryOfflineHistoryCache = InMemoryOfflineHistoryCache(),
        file: StaticString = #filePath, line: UInt = #line
    ) -> (OfflineSession, OfflineChatServiceSpy, InMemoryOfflineHistoryCache) {
        let service = OfflineChatServiceSpy()
        let sut = OfflineSession(token: token, service: service, cache: cache)
        addTeardownBlock { [weak sut, weak service] in
            XCTAssertNil(sut, "OfflineSession should have been deallocated", file: file, line: line)
            XCTAssertNil(service, file: file, line: line)
        }
        return (sut, service, cache)
    }

    private func date(_ minutes: Int) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + Double(minutes) * 60) }

    private func msg(_ id: String, in chatId: String, at minutes: Int) -> OfflineMessage {
        OfflineMessage(id: id, chatId: chatId, kind: .visitor, text: id, date: date(minutes))
    }

    private func page(_ revision: String, chats: [OfflineChat] = [], messages: [OfflineMessage] = []) -> OfflineHistoryPage {
        OfflineHistoryPage(revision: revision, chats: chats, messages: messages)
    }
}
