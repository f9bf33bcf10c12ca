import Chat
import XCTest

/// The app side: statuses, offline outbox (AC-006), quick replies (AC-007), history paging, events.
final class OrderChatClientUseCaseTests: XCTestCase {
    func test_open_joinsThisOrderOnly() async {
        let (sut, transport, _) = makeSUT()

        await sut.open()

        XCTAssertEqual(transport.received, [.join(orderID: orderID, user: customer)])
    }

    func test_open_showsDenialReasonOnStranger() async {
        let (sut, _, _) = makeSUT(user: .customer("customer-bob"))

        await sut.open()

        XCTAssertEqual(sut.viewModel().notice, RiderChatError.notAPartyToOrder(orderID: orderID).reason)
        XCTAssertFalse(sut.viewModel().isInputEnabled)
    }

    func test_send_showsMessageAsSentWithTimestamp() async {
        let (sut, _, _) = makeSUT()
        await sut.open()

        let outcome = await sut.send("Please ring the bell")

        XCTAssertEqual(outcome, .sent)
        XCTAssertEqual(sut.state.entries.map(\.status), [.sent])
        XCTAssertEqual(sut.viewModel(timeZone: utc).rows.map(\.time), ["03:33"])
    }

    func test_send_marksMessageSendingWhileTransportIsBusy() async {
        let (sut, transport, _) = makeSUT()
        await sut.open()
        var statusDuringSend: RiderChatEntry.Status?
        transport.onSend = { [weak sut] in statusDuringSend = sut?.state.entries.last?.status }

        await sut.send("Hello")

        XCTAssertEqual(statusDuringSend, .sending)
    }

    func test_send_refusesTooLongMessageWithReasonAndSendsNothing() async {
        let (sut, transport, _) = makeSUT()
        await sut.open()

        let outcome = await sut.send(String(repeating: "a", count: 501))

        XCTAssertEqual(outcome, .refused(reason: "Messages can be at most 500 characters; this one has 501. Shorten it and send again."))
        XCTAssertEqual(transport.received, [.join(orderID: orderID, user: customer)])
        XCTAssertTrue(sut.state.entries.isEmpty)
    }

    func test_send_refusesBlankMessage() async {
        let (sut, _, _) = makeSUT()
        await sut.open()

        let outcome = await sut.send("   ")

        XCTAssertEqual(outcome, .refused(reason: RiderChatError.emptyMessage.reason))
    }

    func test_send_queuesMessageAsSendingFailedOnNoConnectivity() async {
        let (sut, transport, _) = makeSUT()
        await sut.open()
        transport.isReachable = false

        let outcome = await sut.send("Where are you?")

        XCTAssertEqual(outcome, .queued)
        XCTAssertEqual(sut.viewModel().rows.map(\.status), ["Sending failed"])
        XCTAssertEqual(sut.queuedMessageIDs, ["c-1"])
    }

    func test_connectivityRestored_resendsQueuedMessagesInOrderExactlyOnce() async throws {
        let (sut, transport, service) = makeSUT()
        await sut.open()
        await sut.connectivityChanged(isOnline: false)
        await sut.send("one")
        await sut.send("two")
        await sut.send("three")
        XCTAssertEqual(transport.sentClientIDs, [])

        transport.isReachable = true
        await sut.connectivityChanged(isOnline: true)
        await sut.connectivityChanged(isOnline: true)

        XCTAssertEqual(transport.sentClientIDs, ["c-1", "c-2", "c-3"])
        XCTAssertEqual(try service.history(orderID: orderID, as: customer).messages.map(\.text), ["one", "two", "three"])
        XCTAssertEqual(sut.viewModel().rows.map(\.status), ["Sent", "Sent", "Sent"])
        XCTAssertEqual(sut.queuedMessageIDs, [])
    }

    func test_connectivityRestored_doesNotDuplicateMessageWhoseReplyWasLost() async throws {
        let (sut, transport, service) = makeSUT()
        await sut.open()
        transport.loseNextReply = true

        let outcome = await sut.send("Gate code 1234")
        await sut.connectivityChanged(isOnline: true)

        XCTAssertEqual(outcome, .queued)
        XCTAssertEqual(transport.sentClientIDs, ["c-1"], "the catch-up on reconnection finds it stored: not sent again")
        XCTAssertEqual(try service.history(orderID: orderID, as: customer).messages.map(\.text), ["Gate code 1234"])
        XCTAssertEqual(sut.state.entries.map(\.status), [.sent])
    }

    func test_connectivityRestored_resendingKnownClientIDCreatesNoDuplicate() async throws {
        let (sut, transport, service) = makeSUT()
        await sut.open()
        transport.loseNextReply = true
        transport.failJoins = true
        await sut.send("Gate code 1234")

        await sut.connectivityChanged(isOnline: true)

        XCTAssertEqual(transport.sentClientIDs, ["c-1", "c-1"], "the catch-up failed, so the outbox resent it")
        XCTAssertEqual(try service.history(orderID: orderID, as: customer).messages.map(\.text), ["Gate code 1234"])
        XCTAssertEqual(sut.state.entries.map(\.status), [.sent])
    }

    func test_connectivityRestored_catchesUpOnMessagesMissedWhileOffline() async throws {
        let (sut, _, service) = makeSUT()
        await sut.open()
        await sut.connectivityChanged(isOnline: false)
        try service.send(request("I am outside", from: .rider(riderSam.id)))

        await sut.connectivityChanged(isOnline: true)

        XCTAssertEqual(sut.state.entries.map(\.text), ["I am outside"])
    }

    func test_send_keepsOrderBehindQueuedMessages() async throws {
        let (sut, transport, service) = makeSUT()
        await sut.open()
        transport.isReachable = false
        await sut.send("first")
        transport.isReachable = true

        await sut.send("second")

        XCTAssertEqual(try service.history(orderID: orderID, as: customer).messages.map(\.text), ["first", "second"])
    }

    func test_sendQuickReply_sendsAtOnce() async throws {
        let (sut, _, service) = makeSUT()
        await sut.open()

        await sut.sendQuickReply("Please leave it at the door")

        XCTAssertEqual(try service.history(orderID: orderID, as: customer).messages.map(\.text), ["Please leave it at the door"])
    }

    func test_receive_showsOtherPartyMessageOnLeft() async throws {
        let (sut, _, service) = makeSUT()
        await sut.open()

        let message = try service.send(request("I am outside", from: .rider(riderSam.id)))
        sut.receive(.message(message))

        XCTAssertEqual(sut.viewModel().rows.map(\.alignment), [.left])
        XCTAssertEqual(sut.viewModel().rows.map(\.senderName), ["Sam"])
    }

    func test_receive_ignoresEchoOfOwnMessage() async throws {
        let (sut, _, service) = makeSUT()
        let recorder = RiderChatEventRecorder()
        try service.subscribe(orderID: orderID, as: customer, handler: recorder.record)
        await sut.open()

        await sut.send("Hello")
        recorder.events.forEach(sut.receive)

        XCTAssertEqual(sut.state.entries.count, 1)
    }

    func test_receive_disablesInputOnChatClosed() async {
        let (sut, _, _) = makeSUT()
        await sut.open()

        sut.receive(.chatClosed(.delivered))
        let outcome = await sut.send("Thanks")

        XCTAssertFalse(sut.viewModel().isInputEnabled)
        XCTAssertEqual(outcome, .refused(reason: RiderChatError.chatClosed(orderID: orderID, status: .delivered).reason))
    }

    func test_loadOlderMessages_prependsPreviousPage() async throws {
        let (sut, transport, service) = makeSUT()
        for i in 1...45 { try service.send(request("m\(i)", id: "s-\(i)")) }
        await sut.open()
        XCTAssertEqual(sut.state.entries.count, 20)

        await sut.loadOlderMessages()
        await sut.loadOlderMessages()
        await sut.loadOlderMessages()

        XCTAssertEqual(sut.state.entries.map(\.text), (1...45).map { "m\($0)" })
        XCTAssertEqual(
            transport.received.filter { if case .history = $0 { return true } else { return false } },
            [.history(before: 26), .history(before: 6)])
        XCTAssertFalse(sut.viewModel().canLoadOlder)
    }

    func test_open_showsConnectionNoticeOnTransportError() async {
        let (sut, transport, _) = makeSUT()
        transport.failJoins = true

        await sut.open()

        XCTAssertEqual(
            sut.viewModel().notice, "The chat could not be loaded. Check your connection; it will load again when you are back online.")
        XCTAssertFalse(sut.viewModel().isInputEnabled)
    }

    func test_send_showsServiceRefusalWithoutQueueing() async throws {
        let (sut, _, service) = makeSUT()
        await sut.open()
        service.orderDidChange(anOrder(status: .cancelled))

        let outcome = await sut.send("Hello?")

        let reason = RiderChatError.chatClosed(orderID: orderID, status: .cancelled).reason
        XCTAssertEqual(outcome, .refused(reason: reason))
        XCTAssertEqual(sut.queuedMessageIDs, [])
        XCTAssertEqual(sut.viewModel().rows.map(\.status), ["Sending failed"])
        XCTAssertEqual(sut.viewModel().notice, reason)
        XCTAssertFalse(sut.viewModel().isInputEnabled)
    }

    func test_serviceTransport_passesRefusalsThrough() async {
        let (service, _) = makeService()
        let sut = OrderChatServiceTransport(service: service)

        do {
            _ = try await sut.join(orderID: orderID, as: .customer("customer-bob"))
            XCTFail("Expected a refusal")
        } catch {
            XCTAssertEqual(error as? RiderChatError, .notAPartyToOrder(orderID: orderID))
        }
    }

    func test_client_doesNotLeak() async {
        let (sut, _, _) = makeSUT()
        await sut.open()
        trackForMemoryLeaks(sut)
    }

    // MARK: - Helpers

    private let utc = TimeZone(identifier: "UTC")!

    private func makeSUT(user: RiderChatUser = customer, file: StaticString = #filePath, line: UInt = #line) -> (
        OrderChatClient, RiderChatTransportSpy, OrderChatService
    ) {
        let (service, _) = makeService(file: file, line: line)
        let transport = RiderChatTransportSpy(service: service)
        var counter = 0
        let sut = OrderChatClient(
            orderID: orderID, user: user, transport: transport, currentDate: { fixedNow },
            makeClientMessageID: {
                counter += 1
                return "c-\(counter)"
            })
        trackForMemoryLeaks(transport, file: file, line: line)
        return (sut, transport, service)
    }
}

/// Forwards to a real service, recording calls; can simulate lost connectivity or a lost reply.
final class RiderChatTransportSpy: RiderChatTransport {
    enum ReceivedMessage: Equatable {
        case join(orderID: String, user: RiderChatUser)
        case history(before: Int)
        case send(clientMessageID: String, text: String)
    }

    private(set) var received: [ReceivedMessage] = []
    var isReachable = true
    var loseNextReply = false
    var failJoins = false
    var onSend: () -> Void = {}
    private let service: OrderChatService

    init(service: OrderChatService) { self.service = service }

    var sentClientIDs: [String] {
        received.compactMap { if case let .send(id, _) = $0 { return id } else { return nil } }
    }

    func join(orderID: String, as user: RiderChatUser) async throws -> RiderChatRoomSnapshot {
        received.append(.join(orderID: orderID, user: user))
        if failJoins { throw URLError(.timedOut) }
        return try service.join(orderID: orderID, as: user)
    }

    func history(orderID: String, as user: RiderChatUser, before sequence: Int) async throws -> RiderChatHistoryPage {
        received.append(.history(before: sequence))
        return try service.history(orderID: orderID, as: user, before: sequence)
    }

    func send(_ request: RiderChatSendRequest) async throws -> RiderChatMessage {
        onSend()
        guard isReachable else { throw URLError(.notConnectedToInternet) }
        received.append(.send(clientMessageID: request.clientMessageID, text: request.text))
        let message = try service.send(request)
        if loseNextReply {
            loseNextReply = false
            throw URLError(.networkConnectionLost)
        }
        return message
    }
}
