import XCTest

@testable import Chat

final class SessionWireUseCaseTests: XCTestCase {
    func test_chatStateWireValue_mapsEveryServerStringAndUnknownOtherwise() {
        let expected: [String: SessionChatState] = [
            "queue": .queue, "chatting": .chatting, "closed": .closed, "closed_by_visitor": .closedByVisitor,
            "closed_by_operator": .closedByOperator, "invitation": .invitation, "other": .unknown,
        ]
        for (wire, state) in expected { XCTAssertEqual(SessionChatState(wireValue: wire), state, wire) }
    }

    func test_onlineStatusWireValue_mapsEveryServerStringAndUnknownOnEmpty() {
        let expected: [String: SessionOnlineStatus] = [
            "online": .online, "busy_online": .busyOnline, "offline": .offline, "busy_offline": .busyOffline, "": .unknown,
        ]
        for (wire, status) in expected { XCTAssertEqual(SessionOnlineStatus(wireValue: wire), status, wire) }
    }

    func test_visitSessionStateWireValue_mapsEveryServerString() {
        let expected: [String: VisitSessionState] = [
            "idle": .idle, "idle-after-chat": .idleAfterChat, "chat": .chat, "offline-message": .offlineMessage, "x": .unknown,
        ]
        for (wire, state) in expected { XCTAssertEqual(VisitSessionState(wireValue: wire), state, wire) }
    }

    func test_serviceError_mapsBothSpellingsOfTooLongAndKeepsUnknownText() {
        XCTAssertEqual(SessionError(serviceError: "max-message-length-exceeded"), .messageTooLong)
        XCTAssertEqual(SessionError(serviceError: "message-length-exceeded"), .messageTooLong)
        XCTAssertEqual(SessionError(serviceError: "reinit-required"), .reinitRequired)
        XCTAssertEqual(SessionError(serviceError: "visitor-not-set"), .visitorNotSet)
        XCTAssertEqual(SessionError(serviceError: "boom"), .server("boom"))
    }

    func test_offlineMessageState_setsTheOnlineStatusOffline() async throws {
        let (sut, service) = makeSUT()
        try await sut.start()

        service.push(.visitSessionStateChanged(.offlineMessage))

        XCTAssertEqual(sut.visitSessionState, .offlineMessage)
        XCTAssertEqual(sut.onlineStatus, .offline)
    }

    func test_receive_makesTheSenderFieldsFromTheWireAuthorWithTheAvatarOnTheServicesHost() async throws {
        var told: [SessionEvent] = []
        let (sut, service) = makeSUT(onEvent: { told.append($0) })
        try await sut.start()
        let unsigned = SessionMessage(id: "m-1", kind: .operator, text: "Hi", date: Date(timeIntervalSince1970: 0))

        service.push(.wire(.authoredMessage(unsigned, author: SessionWireAuthor(authorId: "op-1", name: "Anna", avatar: "/a/anna.png"))))

        guard case let .messageReceived(message) = told.last else { return XCTFail("Expected a message, got \(told)") }
        XCTAssertEqual(message.senderUID, "op-1")
        XCTAssertEqual(message.senderName, "Anna")
        XCTAssertEqual(message.senderAvatarURL?.absoluteString, "https://demo.webim.ru/a/anna.png")
    }

    func test_receive_mapsTheWireStringsTheServicePushesBeforeTellingTheApp() async throws {
        var told: [SessionEvent] = []
        let (sut, service) = makeSUT(onEvent: { told.append($0) })
        try await sut.start()

        service.push(.wire(.onlineStatus("busy_online")))
        service.push(.wire(.visitSessionState("idle-after-chat")))

        XCTAssertEqual(sut.onlineStatus, .busyOnline)
        XCTAssertEqual(sut.visitSessionState, .idleAfterChat)
        XCTAssertEqual(told, [.onlineStatusChanged(.busyOnline), .visitSessionStateChanged(.idleAfterChat)])
    }

    func test_offlineMessageState_closesTheShownChat() async throws {
        let (sut, service) = makeSUT()
        try await sut.start()
        service.push(.chatStarted(SessionChat(id: "c", state: .chatting), clientSideId: nil))

        service.push(.wire(.visitSessionState("offline-message")))

        XCTAssertNil(sut.shownChat)
        XCTAssertEqual(sut.chat?.state, .closedByVisitor)
    }

    func test_sendMessage_reconnectsAndSendsAgainOnReinitRequired() async throws {
        let (sut, service) = makeSUT()
        try await sut.start()
        service.push(.chatStarted(SessionChat(id: "c", state: .chatting), clientSideId: nil))
        service.performErrors = [ChatServiceError(code: "reinit-required")]

        let result = await sut.sendMessage("Hi", clientSideId: "m")

        XCTAssertEqual(result, .sent(clientSideId: "m"))
        XCTAssertEqual(service.messages.suffix(4).map(\.name), ["perform", "disconnect", "connect", "perform"])
    }

    func test_sendMessage_failsWithTheMappedErrorOnAServiceError() async throws {
        let (sut, service) = makeSUT()
        try await sut.start()
        service.push(.chatStarted(SessionChat(id: "c", state: .chatting), clientSideId: nil))
        service.performErrors = [ChatServiceError(code: "visitor_banned")]

        let result = await sut.sendMessage("Hi", clientSideId: "m")

        XCTAssertEqual(result, .failed(clientSideId: "m", .visitorBanned))
    }

    // MARK: - Helpers

    private func makeSUT(
        onEvent: @escaping (SessionEvent) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line
    ) -> (ChatSession, RealtimeChatServiceSpy) {
        let service = RealtimeChatServiceSpy()
        let sut = ChatSession(
            configuration: SessionConfiguration(accountName: "demo", location: "mobile"),
            service: service, onEvent: onEvent)
        addTeardownBlock { [weak sut, weak service] in
            XCTAssertNil(sut, "ChatSession should have been deallocated", file: file, line: line)
            XCTAssertNil(service, "Service should have been deallocated", file: file, line: line)
        }
        return (sut, service)
    }
}

private extension RealtimeChatServiceSpy.ReceivedMessage {
    var name: String {
        switch self {
        case .connect: "connect"
        case .perform: "perform"
        case .disconnect: "disconnect"
        }
    }
}
