import DomainTestSupport
import XCTest

@testable import Chat

final class InMemoryRealtimeChatServerTests: XCTestCase {
    func test_connect_pushesFullUpdateWithCurrentState() async throws {
        let (sut, events) = makeSUT(status: .busyOnline)

        try await connect(sut, events)

        XCTAssertEqual(events.events, [.fullUpdate(SessionSnapshot(onlineStatus: .busyOnline, connectionStatus: .connected, chat: nil))])
    }

    func test_startChat_pushesChatStartedInQueueWithClientSideId() async throws {
        let (sut, events) = makeSUT()
        try await connect(sut, events)

        try await sut.perform(.startChat(clientSideId: "x"))

        guard case let .chatStarted(chat, id) = events.events.last else { return XCTFail("Expected chatStarted, got \(events.events)") }
        XCTAssertEqual(id, "x")
        XCTAssertEqual(chat.state, .queue)
    }

    func test_sendMessage_echoesVisitorMessageWithClientSideId() async throws {
        let (sut, events) = makeSUT()
        try await connect(sut, events)
        try await sut.perform(.startChat(clientSideId: "c"))

        try await sut.perform(.sendMessage(text: "Hi", clientSideId: "m1"))

        guard case let .messageReceived(message) = events.events.last else { return XCTFail("Expected a message") }
        XCTAssertEqual([message.kind.rawValue, message.text, message.clientSideId], ["visitor", "Hi", "m1"])
    }

    func test_operatorReplies_namesTheChatsOperatorAsTheWireAuthor() async throws {
        let (sut, events) = makeSUT()
        try await connect(sut, events)
        try await sut.perform(.startChat(clientSideId: "c"))
        sut.operatorTakesChat(SessionOperator(id: "op-1", name: "Anna", avatarURL: URL(string: "/avatars/anna.png")))

        sut.operatorReplies("Hello")

        guard case let .wire(.authoredMessage(message, author)) = events.events.last else {
            return XCTFail("Expected a message with its author on the wire, got \(String(describing: events.events.last))")
        }
        XCTAssertEqual(message.text, "Hello")
        XCTAssertNil(message.senderName, "the client, not the server double, makes the sender fields")
        XCTAssertEqual(author, SessionWireAuthor(authorId: "op-1", name: "Anna", avatar: "/avatars/anna.png"))
    }

    func test_restoreChat_historyMessagesHaveNoOperator() {
        let (sut, _) = makeSUT()

        sut.restoreChat(state: .chatting, operator: SessionOperator(id: "op-1", name: "Anna"), messages: [(.operator, "Earlier")])

        XCTAssertNil(sut.chat?.messages.first?.senderUID)
    }

    func test_rateOperator_recordsTheRateAsSentWithoutJudgingIt() async throws {
        let (sut, events) = makeSUT()
        try await connect(sut, events)
        try await sut.perform(.startChat(clientSideId: "c"))

        try await sut.perform(.rateOperator(operatorId: "op-404", rate: -2))

        XCTAssertEqual(sut.ratings, ["op-404": -2], "the double records: who took part in the chat is the session's rule")
    }

    func test_perform_failsWithNetworkErrorWhileUnreachable() async throws {
        let (sut, events) = makeSUT()
        try await connect(sut, events)
        sut.networkGoesDown()

        do {
            try await sut.perform(.refresh)
            XCTFail("Expected an error")
        } catch {
            XCTAssertEqual(error as? SessionError, .networkError)
        }
        XCTAssertEqual(events.events.suffix(2), [.connectionStatusChanged(.disconnected), .error(.networkError)])
    }

    func test_disconnect_stillDeliversEventsOnTheirWayToTheLastSubscriber() async throws {
        let (sut, events) = makeSUT()
        try await connect(sut, events)

        sut.disconnect()
        sut.setOnlineStatus(.offline)

        XCTAssertFalse(sut.isConnected)
        XCTAssertEqual(events.events.count, 2, "the session, not the double, must drop events after it stopped")
    }

    private func makeSUT(status: SessionOnlineStatus = .online) -> (InMemoryRealtimeChatServer, SessionEventSpy) {
        (InMemoryRealtimeChatServer(onlineStatus: status, currentDate: { Date(timeIntervalSince1970: 0) }), SessionEventSpy())
    }

    private func connect(_ sut: InMemoryRealtimeChatServer, _ events: SessionEventSpy) async throws {
        try await sut.connect(SessionConfiguration(accountName: "demo", location: "mobile")) { [events] in events.record($0) }
    }
}

final class InMemoryOfflineChatServerTests: XCTestCase {
    func test_history_givesOnlyTheVisitorsOwnChats() async throws {
        let sut = makeSUT()
        let alices = sut.addChat(token: "alice", createdAt: date(1))
        sut.addChat(token: "bob", createdAt: date(2))

        let page = try await sut.history(token: "alice", since: nil)

        XCTAssertEqual(page.chats.map(\.id), [alices])
    }

    func test_history_sinceRevisionGivesOnlyLaterChanges() async throws {
        let sut = makeSUT()
        let chat = sut.addChat(token: "alice", createdAt: date(1))
        sut.addMessage(to: chat, kind: .visitor, text: "first", date: date(1))
        let first = try await sut.history(token: "alice", since: nil)

        sut.operatorReplies("answer", inChat: chat, operatorName: "Olga")
        let second = try await sut.history(token: "alice", since: first.revision)

        XCTAssertEqual(second.messages.map(\.text), ["answer"])
        XCTAssertEqual(second.chats.map(\.id), [chat])
    }

    func test_send_refusesChatOfAnotherVisitor() async throws {
        let sut = makeSUT()
        let bobs = sut.addChat(token: "bob", createdAt: date(1))

        do {
            _ = try await sut.send(OfflineSendRequest(content: .text("Hi"), chatId: bobs, departmentKey: nil), token: "alice")
            XCTFail("Expected an error")
        } catch {
            XCTAssertEqual(error as? SessionError, .noChat)
        }
    }

    private func makeSUT() -> InMemoryOfflineChatServer {
        InMemoryOfflineChatServer(currentDate: { Date(timeIntervalSince1970: 0) })
    }

    private func date(_ minutes: Int) -> Date { Date(timeIntervalSince1970: Double(minutes) * 60) }
}
