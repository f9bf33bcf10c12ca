import XCTest

@testable import Chat

final class RealtimeChatSessionUseCaseTests: XCTestCase {
    // MARK: - Life cycle

    func test_init_doesNotMessageService() {
        let (_, service, _) = makeSUT()
        XCTAssertEqual(service.messages, [])
    }

    func test_start_connectsWithConfiguration() async throws {
        let configuration = SessionConfiguration(accountName: "demo", location: "mobile", visitorFields: [.email: "a@b.c"])
        let (sut, service, _) = makeSUT(configuration: configuration)

        try await sut.start()

        XCTAssertEqual(service.messages, [.connect(configuration)])
        XCTAssertEqual(sut.phase, .started)
    }

    func test_start_deliversFullUpdateAndKeepsItsSnapshot() async throws {
        let (sut, service, events) = makeSUT()
        let chat = SessionChat(id: "c1", state: .chatting, messages: [message("m1", .operator, "Hi")], operator: anyOperator())
        let snapshot = SessionSnapshot(onlineStatus: .busyOnline, connectionStatus: .connected, chat: chat)

        try await sut.start()
        service.push(.fullUpdate(snapshot))

        XCTAssertEqual(events.events, [.fullUpdate(snapshot)])
        XCTAssertEqual(sut.onlineStatus, .busyOnline)
        XCTAssertEqual(sut.connectionStatus, .connected)
        XCTAssertEqual(sut.chat, chat)
        XCTAssertEqual(sut.shownChat, chat)
    }

    func test_start_deliversNetworkErrorOnConnectionFailure() async {
        let (sut, service, _) = makeSUT()
        service.connectError = SessionError.networkError

        await expect(.networkError) { try await sut.start() }
        XCTAssertEqual(sut.phase, .idle)
    }

    func test_stop_disconnectsAndDeliversNoFurtherEvents() async throws {
        let (sut, service, events) = makeSUT()
        try await sut.start()

        sut.stop()
        service.push(.onlineStatusChanged(.offline))

        XCTAssertEqual(service.messages.last, .disconnect)
        XCTAssertEqual(events.events, [])
        XCTAssertNil(sut.onlineStatus)
    }

    func test_requests_failWithoutReachingServiceOnStoppedSession() async throws {
        let (sut, service, _) = makeSUT()
        try await sut.start()
        sut.stop()

        await expect(.stopped) { try await sut.refresh() }
        await expect(.stopped) { try await sut.startChat() }
        XCTAssertEqual(service.performedRequests, [])
    }

    func test_refresh_requestsFullUpdate() async throws {
        let (sut, service, _) = makeSUT()
        try await sut.start()

        try await sut.refresh()

        XCTAssertEqual(service.performedRequests, [.refresh])
    }

    func test_refresh_failsOnSessionNotStarted() async {
        let (sut, service, _) = makeSUT()
        await expect(.notStarted) { try await sut.refresh() }
        XCTAssertEqual(service.messages, [])
    }

    // MARK: - Starting a chat

    func test_startChat_sendsGivenClientSideIdAndReturnsIt() async throws {
        let (sut, service, _) = try await makeStartedSUT(onlineStatus: .online)

        let id = try await sut.startChat(clientSideId: "my-chat")

        XCTAssertEqual(id, "my-chat")
        XCTAssertEqual(service.performedRequests, [.startChat(clientSideId: "my-chat")])
    }

    func test_startChat_generatesClientSideIdWhenNoneIsGiven() async throws {
        let (sut, service, _) = try await makeStartedSUT(onlineStatus: .online, ids: ["generated-1"])

        let id = try await sut.startChat()

        XCTAssertEqual(id, "generated-1")
        XCTAssertEqual(service.performedRequests, [.startChat(clientSideId: "generated-1")])
    }

    func test_startChat_failsWithoutRequestWhenOperatorsAreNotOnline() async throws {
        for status in [SessionOnlineStatus.busyOnline, .offline, .busyOffline] {
            let (sut, service, _) = try await makeStartedSUT(onlineStatus: status)

            await expect(.operatorsUnavailable(status)) { try await sut.startChat() }
            XCTAssertEqual(service.performedRequests, [], "status \(status)")
        }
    }

    func test_startChat_failsOnChatInProgress() async throws {
        for state in [SessionChatState.queue, .chatting] {
            let (sut, _, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: state))
            await expect(.chatAlreadyStarted) { try await sut.startChat() }
        }
    }

    func test_startChat_isAllowedAfterChatWasClosed() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .closedByVisitor))

        try await sut.startChat(clientSideId: "again")

        XCTAssertEqual(service.performedRequests, [.startChat(clientSideId: "again")])
    }

    func test_receive_chatStartedKeepsChatAndForwardsClientSideId() async throws {
        let (sut, service, events) = try await makeStartedSUT()
        let chat = SessionChat(id: "c1", state: .queue, clientSideId: "x")

        service.push(.chatStarted(chat, clientSideId: "x"))

        XCTAssertEqual(sut.chat, chat)
        XCTAssertEqual(events.events.last, .chatStarted(chat, clientSideId: "x"))
    }

    // MARK: - Messages

    func test_sendMessage_deliversSentWithClientSideIdOnServiceSuccess() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))

        let result = await sut.sendMessage("Hello", clientSideId: "msg-1")

        XCTAssertEqual(result, .sent(clientSideId: "msg-1"))
        XCTAssertEqual(service.performedRequests, [.sendMessage(text: "Hello", clientSideId: "msg-1")])
    }

    func test_sendMessage_deliversFailureWithClientSideIdOnServiceError() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting), ids: ["gen-7"])
        service.performErrors = [SessionError.networkError]

        let result = await sut.sendMessage("Hello")

        XCTAssertEqual(result, .failed(clientSideId: "gen-7", .networkError))
    }

    func test_sendMessage_mapsUnknownServiceErrorToServerError() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))
        service.performErrors = [NSError(domain: "http", code: 500)]

        let result = await sut.sendMessage("Hello", clientSideId: "m")

        guard case .failed("m", .server) = result else { return XCTFail("Expected a server failure, got \(result)") }
    }

    func test_sendMessage_failsWithoutRequestOnChatNotShown() async throws {
        for state in SessionChatState.allCases where !state.isShown {
            let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: state))

            let result = await sut.sendMessage("Hello", clientSideId: "m")

            XCTAssertEqual(result, .failed(clientSideId: "m", .chatClosed(state)))
            XCTAssertEqual(service.performedRequests, [], "state \(state)")
        }
    }

    func test_sendMessage_isAllowedInShownStates() async throws {
        for state in SessionChatState.allCases where state.isShown {
            let (sut, _, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: state))
            let result = await sut.sendMessage("Hello", clientSideId: "m")
            XCTAssertEqual(result, .sent(clientSideId: "m"), "state \(state)")
        }
    }

    func test_sendMessage_failsOnNoChatAndOnEmptyText() async throws {
        let (sut, _, _) = try await makeStartedSUT()
        let noChat = await sut.sendMessage("Hello", clientSideId: "a")
        XCTAssertEqual(noChat, .failed(clientSideId: "a", .noChat))

        let (chatting, _, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))
        let empty = await chatting.sendMessage("  \n", clientSideId: "b")
        XCTAssertEqual(empty, .failed(clientSideId: "b", .emptyMessage))
    }

    func test_sendFile_requestsFileWithNameAndMimeType() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))
        let data = Data([1, 2, 3])

        let result = await sut.sendFile(data, name: "image.png", mimeType: "image/png", clientSideId: "f1")

        XCTAssertEqual(result, .sent(clientSideId: "f1"))
        XCTAssertEqual(service.performedRequests, [.sendFile(data: data, name: "image.png", mimeType: "image/png", clientSideId: "f1")])
    }

    func test_sendFile_failsWithoutRequestOnInvalidMimeType() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))

        for mime in ["png", "image/", "/png", "image/png/x", "image png"] {
            let result = await sut.sendFile(Data(), name: "x", mimeType: mime, clientSideId: "f")
            XCTAssertEqual(result, .failed(clientSideId: "f", .invalidMimeType(mime)))
        }
        XCTAssertEqual(service.performedRequests, [])
    }

    func test_receive_messagesAreAppendedAndReplacedById() async throws {
        let (sut, service, events) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))
        let first = message("m1", .visitor, "Hi")
        let reply = message("m2", .operator, "Hello!")

        service.push(.messageReceived(first))
        service.push(.messageReceived(reply))
        service.push(.messageReceived(first))

        XCTAssertEqual(sut.chat?.messages, [first, reply])
        XCTAssertEqual(events.events.suffix(3), [.messageReceived(first), .messageReceived(reply), .messageReceived(first)])
    }

    func test_attachmentURL_isGivenForFileMessagesOnly() async throws {
        let (sut, _, _) = makeSUT()
        let url = URL(string: "https://files.example/1/a.png")!
        let file = SessionFile(name: "a.png", mimeType: "image/png", size: 3, url: url)

        XCTAssertEqual(sut.attachmentURL(for: message("m", .fileFromOperator, "a.png", file: file)), url)
        XCTAssertEqual(sut.attachmentURL(for: message("m", .fileFromVisitor, "a.png", file: file)), url)
        XCTAssertNil(sut.attachmentURL(for: message("m", .operator, "text")))
    }

    // MARK: - Operator, typing, rating, closing

    func test_receive_operatorUpdatedAndTypingAreKept() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .queue))
        let op = anyOperator()

        service.push(.operatorUpdated(op))
        service.push(.chatStateChanged(.chatting))
        service.push(.operatorTyping(true))

        XCTAssertEqual(sut.currentOperator, op)
        XCTAssertEqual(sut.chat?.state, .chatting)
        XCTAssertTrue(sut.isOperatorTyping)
    }

    func test_receive_closingStateHidesChatAndStopsTyping() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))
        service.push(.operatorTyping(true))

        service.push(.chatStateChanged(.closed))

        XCTAssertNil(sut.shownChat)
        XCTAssertFalse(sut.isOperatorTyping)
    }

    func test_rateOperator_refusesRatesOutsideOneToFive() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))

        for rate in [0, 6, -1] {
            await expect(.invalidRate(rate)) { try await sut.rateOperator("op-1", rate: rate) }
        }
        XCTAssertEqual(service.performedRequests, [])
    }

    func test_rateOperator_sendsOneToFiveStarsOnTheServiceScaleFromMinusTwoToTwo() async throws {
        let chat = SessionChat(id: "c", state: .closedByOperator, operator: SessionOperator(id: "op-1", name: "Anna"))
        let (sut, service, _) = try await makeStartedSUT(chat: chat)

        for stars in 1...5 { try await sut.rateOperator("op-1", rate: stars) }

        XCTAssertEqual(service.performedRequests, (-2...2).map { .rateOperator(operatorId: "op-1", rate: $0) })
    }

    func test_rateOperator_failsWithNoOperatorOnChatNobodyTook() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .queue))

        await expect(.noOperator) { try await sut.rateOperator("op-1", rate: 4) }
        XCTAssertEqual(service.performedRequests, [])
    }

    func test_rateOperator_failsWithUnknownOperatorOnOperatorNotInChat() async throws {
        let chat = SessionChat(id: "c", state: .chatting, operator: SessionOperator(id: "op-1", name: "Anna"))
        let (sut, service, _) = try await makeStartedSUT(chat: chat)

        await expect(.unknownOperator("op-404")) { try await sut.rateOperator("op-404", rate: 4) }
        XCTAssertEqual(service.performedRequests, [])
    }

    func test_rateOperator_acceptsFormerOperatorOnTheirMessageInChat() async throws {
        var chat = SessionChat(id: "c", state: .chatting, operator: SessionOperator(id: "op-9", name: "Boris"))
        chat.messages = [SessionMessage(id: "m", kind: .operator, text: "Hi", date: Date(timeIntervalSince1970: 0), senderUID: "op-1")]
        let (sut, service, _) = try await makeStartedSUT(chat: chat)

        try await sut.rateOperator("op-1", rate: 5)

        XCTAssertEqual(service.performedRequests, [.rateOperator(operatorId: "op-1", rate: 2)])
    }

    func test_sendMessage_requeuesAndTellsTheAppOnChatClosedByOperator() async throws {
        let chat = SessionChat(id: "c", state: .closedByOperator, operator: SessionOperator(id: "op-1", name: "Anna"))
        let (sut, _, events) = try await makeStartedSUT(chat: chat)

        _ = await sut.sendMessage("One more thing", clientSideId: "m")

        XCTAssertEqual(sut.shownChat?.state, .queue)
        XCTAssertEqual(events.events.last, .chatStateChanged(.queue))
    }

    func test_startChat_sendsAGeneratedIdOnEmptyClientSideId() async throws {
        let (sut, service, _) = try await makeStartedSUT(ids: ["generated"])

        let id = try await sut.startChat(clientSideId: "")

        XCTAssertEqual(id, "generated")
        XCTAssertEqual(service.performedRequests, [.startChat(clientSideId: "generated")])
    }

    func test_sendMessage_sendsAnEmptyClientSideIdAsItIs() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting), ids: ["generated"])

        let result = await sut.sendMessage("Hello", clientSideId: "")

        XCTAssertEqual(result, .sent(clientSideId: ""))
        XCTAssertEqual(service.performedRequests, [.sendMessage(text: "Hello", clientSideId: "")])
    }

    func test_start_failsWithInvalidAccountOnAccountThatNamesNoService() async {
        let (sut, service, _) = makeSUT(configuration: SessionConfiguration(accountName: "my chat", location: "mobile"))

        await expect(.invalidAccount("my chat")) { try await sut.start() }
        XCTAssertEqual(service.messages, [])
    }

    func test_closeChat_requestsCloseOnShownChat() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .chatting))

        try await sut.closeChat()

        XCTAssertEqual(service.performedRequests, [.closeChat])
    }

    func test_closeChat_failsOnClosedChat() async throws {
        let (sut, service, _) = try await makeStartedSUT(chat: SessionChat(id: "c", state: .closedByVisitor))

        await expect(.chatClosed(.closedByVisitor)) { try await sut.closeChat() }
        XCTAssertEqual(service.performedRequests, [])
    }

    func test_receive_connectionStatusAndErrorsAreForwarded() async throws {
        let (sut, service, events) = try await makeStartedSUT()

        service.push(.connectionStatusChanged(.disconnected))
        service.push(.error(.networkError))

        XCTAssertEqual(sut.connectionStatus, .disconnected)
        XCTAssertEqual(events.events.suffix(2), [.connectionStatusChanged(.disconnected), .error(.networkError)])
    }

    // MARK: - Helpers

    private func makeSUT(
        configuration: SessionConfiguration = SessionConfiguration(accountName: "demo", location: "mobile"),
        ids: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) -> (ChatSession, RealtimeChatServiceSpy, SessionEventSpy) {
        let service = RealtimeChatServiceSpy()
        let events = SessionEventSpy()
        var remainingIds = ids
        let sut = ChatSession(
            configuration: configuration, service: service,
            makeClientSideId: { remainingIds.isEmpty ? "id" : remainingIds.removeFirst() },
            onEvent: { [events] in events.record($0) })
        addTeardownBlock { [weak sut, weak service] in
            XCTAssertNil(sut, "ChatSession should have been deallocated", file: file, line: line)
            XCTAssertNil(service, "Service should have been deallocated", file: file, line: line)
        }
        return (sut, service, events)
    }

    /// A started session whose service already pushed a full update with this status and chat.
    private func makeStartedSUT(
        onlineStatus: SessionOnlineStatus = .online, chat: SessionChat? = nil, ids: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> (ChatSession, RealtimeChatServiceSpy, SessionEventSpy) {
        let (sut, service, events) = makeSUT(ids: ids, file: file, line: line)
        try await sut.start()
        service.push(.fullUpdate(SessionSnapshot(onlineStatus: onlineStatus, connectionStatus: .connected, chat: chat)))
        return (sut, service, events)
    }

    private func message(_ id: String, _ kind: SessionMessage.Kind, _ text: String, file: SessionFile? = nil) -> SessionMessage {
        SessionMessage(id: id, kind: kind, text: text, date: Date(timeIntervalSince1970: 0), file: file)
    }

    private func anyOperator() -> SessionOperator {
        SessionOperator(id: "op-1", name: "Anna", avatarURL: URL(string: "https://a.example/anna.png"))
    }
}

extension RealtimeChatSessionUseCaseTests {
    func test_setDeviceToken_sendsTokenOnStartedSession() async throws {
        let service = RealtimeChatServiceSpy()
        let sut = ChatSession(configuration: SessionConfiguration(accountName: "demo", location: "m"), service: service, onEvent: { _ in })
        try await sut.start()

        try await sut.setDeviceToken("apns-token")

        XCTAssertEqual(service.performedRequests, [.setDeviceToken("apns-token")])
    }
}

extension RealtimeChatSessionUseCaseTests {
    func test_start_connectsOnlyOnceWhenAlreadyStarted() async throws {
        let service = RealtimeChatServiceSpy()
        let configuration = SessionConfiguration(accountName: "demo", location: "m")
        let sut = ChatSession(configuration: configuration, service: service, onEvent: { _ in })

        try await sut.start()
        try await sut.start()

        XCTAssertEqual(service.messages, [.connect(configuration)])
    }

    func test_stop_doesNothingBeforeStart() {
        let service = RealtimeChatServiceSpy()
        let sut = ChatSession(configuration: SessionConfiguration(accountName: "demo", location: "m"), service: service, onEvent: { _ in })

        sut.stop()

        XCTAssertEqual(service.messages, [])
        XCTAssertEqual(sut.phase, .idle)
    }
}
