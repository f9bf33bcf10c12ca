import Chat
import XCTest

/// AC-002, AC-003, BR-CHAT-002/003 and the input rules, enforced by the service itself.
final class SendOrderChatMessageUseCaseTests: XCTestCase {
    func test_send_storesMessageWithTimestampAndSequence() throws {
        let (sut, _) = makeService()

        let message = try sut.send(request("Please leave it at the door", id: "c-1"))

        XCTAssertEqual(
            message,
            RiderChatMessage(
                orderID: orderID, sequence: 1, clientMessageID: "c-1", sender: .customer(id: customer.id),
                text: "Please leave it at the door", sentAt: fixedNow))
    }

    func test_send_deliversMessageToSubscribersInRealTime() throws {
        let (sut, _) = makeService()
        let rider = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: .rider(riderSam.id), handler: rider.record)

        try sut.send(request("Hello"))
        try sut.send(request("Second floor"))

        XCTAssertEqual(rider.messageTexts, ["Hello", "Second floor"])
    }

    func test_send_deliversThroughAsyncStream() async throws {
        let (sut, _) = makeService()
        let stream = try sut.events(orderID: orderID, as: .rider(riderSam.id))
        var iterator = stream.makeAsyncIterator()

        try sut.send(request("Hello"))

        let event = await iterator.next()
        guard case let .message(message)? = event else { return XCTFail("Expected a message, got \(String(describing: event))") }
        XCTAssertEqual(message.text, "Hello")
    }

    func test_send_requestsPushForRiderOnCustomerMessage() throws {
        let (sut, push) = makeService()

        try sut.send(request("Please ring the bell"))

        XCTAssertEqual(
            push.requests,
            [
                RiderChatPushNotification(
                    recipientUserID: riderSam.id, orderID: orderID, title: "New message from your customer (order 1001)",
                    body: "Please ring the bell", messageSequence: 1)
            ])
    }

    func test_send_requestsPushWithPreviewForCustomerOnRiderMessage() throws {
        let (sut, push) = makeService()
        let long = String(repeating: "I am at the gate ", count: 10)

        try sut.send(request(long, from: .rider(riderSam.id)))

        XCTAssertEqual(push.requests.map(\.recipientUserID), [customer.id])
        XCTAssertEqual(push.requests.first?.title, "New message from Sam, your rider")
        XCTAssertEqual(push.requests.first?.body, RiderChatPushPreview.make(from: long.trimmingCharacters(in: .whitespaces)))
    }

    func test_send_isIdempotentByClientMessageID() throws {
        let (sut, push) = makeService()
        let rider = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: .rider(riderSam.id), handler: rider.record)

        let first = try sut.send(request("Hello", id: "c-1"))
        let again = try sut.send(request("Hello", id: "c-1"))

        XCTAssertEqual(first, again)
        XCTAssertEqual(rider.messageTexts, ["Hello"])
        XCTAssertEqual(push.requests.count, 1)
        XCTAssertEqual(try sut.history(orderID: orderID, as: customer).messages.count, 1)
    }

    func test_send_deliversEmptyMessageErrorOnBlankText() {
        let (sut, push) = makeService()

        for text in ["", "   ", "\n\t "] {
            assertThrows(.emptyMessage) { try sut.send(request(text)) }
        }
        XCTAssertTrue(push.requests.isEmpty)
    }

    func test_send_acceptsExactly500Characters() throws {
        let (sut, _) = makeService()

        XCTAssertEqual(try sut.send(request(String(repeating: "a", count: 500))).text.count, 500)
    }

    func test_send_deliversTooLongErrorOn501Characters() throws {
        let (sut, push) = makeService()

        assertThrows(.messageTooLong(length: 501, limit: 500)) { try sut.send(request(String(repeating: "a", count: 501))) }
        XCTAssertTrue(push.requests.isEmpty)
        XCTAssertTrue(try sut.history(orderID: orderID, as: customer).messages.isEmpty)
    }

    func test_send_deliversAdministratorsCannotSendError() {
        let (sut, _) = makeService()

        assertThrows(.administratorsCannotSend) { try sut.send(request("Hi", from: administrator)) }
    }

    func test_send_deliversNotAPartyErrorOnStranger() {
        let (sut, _) = makeService()

        assertThrows(.notAPartyToOrder(orderID: orderID)) { try sut.send(request("Hi", from: .customer("customer-bob"))) }
    }

    func test_send_deliversNoLongerAssignedErrorToPreviousRider() {
        let (sut, _) = makeService()
        sut.orderDidChange(anOrder(rider: riderAlex))

        assertThrows(.noLongerAssignedRider(orderID: orderID)) { try sut.send(request("On my way", from: .rider(riderSam.id))) }
    }

    func test_send_deliversChatClosedErrorToBothPartiesOnClosedOrder() {
        for status in [RiderChatOrderStatus.delivered, .cancelled] {
            let (sut, _) = makeService()
            sut.orderDidChange(anOrder(status: status))

            assertThrows(.chatClosed(orderID: orderID, status: status)) { try sut.send(request("Thanks!")) }
            assertThrows(.chatClosed(orderID: orderID, status: status)) { try sut.send(request("Bye", from: .rider(riderSam.id))) }
        }
    }
}

/// BR-CHAT-002: closing the chat.
final class CloseOrderChatUseCaseTests: XCTestCase {
    func test_orderDidChange_addsClosedSystemMessageOnceOnDelivery() throws {
        let (sut, _) = makeService()
        let recorder = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: customer, handler: recorder.record)

        sut.orderDidChange(anOrder(status: .delivered))
        sut.orderDidChange(anOrder(status: .delivered))

        XCTAssertEqual(recorder.events.first, .chatClosed(.delivered))
        XCTAssertEqual(recorder.messageTexts, ["This chat is now closed"])
        XCTAssertEqual(try sut.history(orderID: orderID, as: customer).messages.map(\.sender), [.system])
    }

    func test_history_staysReadableForBothPartiesAfterClosing() throws {
        let (sut, _) = makeService()
        try sut.send(request("Hello"))

        sut.orderDidChange(anOrder(status: .cancelled))

        XCTAssertEqual(try sut.history(orderID: orderID, as: customer).messages.map(\.text), ["Hello", "This chat is now closed"])
        XCTAssertFalse(try sut.join(orderID: orderID, as: .rider(riderSam.id)).canSend)
    }
}

/// "Opening the chat loads the last 20 messages; scrolling up loads older pages."
final class LoadOrderChatHistoryUseCaseTests: XCTestCase {
    func test_join_deliversLast20MessagesOfThisOrderOnly() throws {
        let (sut, _) = makeService(orders: [anOrder(), anOrder(id: "2002", customerID: "customer-bob")])
        for i in 1...25 { try sut.send(request("m\(i)")) }
        try sut.send(request("other order", from: .customer("customer-bob"), order: "2002"))

        let page = try sut.join(orderID: orderID, as: customer).history

        XCTAssertEqual(page.messages.map(\.text), (6...25).map { "m\($0)" })
        XCTAssertTrue(page.hasOlder)
    }

    func test_history_deliversOlderPageBeforeSequence() throws {
        let (sut, _) = makeService()
        for i in 1...25 { try sut.send(request("m\(i)")) }

        let page = try sut.history(orderID: orderID, as: customer, before: 6)

        XCTAssertEqual(page.messages.map(\.text), (1...5).map { "m\($0)" })
        XCTAssertFalse(page.hasOlder)
    }

    func test_history_deliversEmptyPageOnNewChat() throws {
        let (sut, _) = makeService()

        XCTAssertEqual(try sut.history(orderID: orderID, as: customer), RiderChatHistoryPage(messages: [], hasOlder: false))
    }

    func test_history_deliversDenialToStranger() {
        let (sut, _) = makeService()

        assertThrows(.notAPartyToOrder(orderID: orderID)) { _ = try sut.history(orderID: orderID, as: .rider("rider-zoe")) }
    }
}
