import Chat
import XCTest

/// BR-CHAT-001 and BR-CHAT-003: who may join an order's chat room.
final class JoinOrderChatUseCaseTests: XCTestCase {
    func test_join_deliversRoomToOrderCustomerOnInTransitOrder() throws {
        let (sut, _) = makeService()

        let snapshot = try sut.join(orderID: orderID, as: customer)

        XCTAssertEqual(snapshot.order, anOrder())
        XCTAssertTrue(snapshot.canSend)
    }

    func test_join_deliversRoomToAssignedRider() throws {
        let (sut, _) = makeService()

        XCTAssertTrue(try sut.join(orderID: orderID, as: .rider(riderSam.id)).canSend)
    }

    func test_join_deliversNotAPartyErrorOnCustomerOfAnotherOrder() {
        let (sut, _) = makeService()

        assertThrows(.notAPartyToOrder(orderID: orderID)) { _ = try sut.join(orderID: orderID, as: .customer("customer-bob")) }
    }

    func test_join_deliversNotAPartyErrorOnUnassignedRider() {
        let (sut, _) = makeService()

        assertThrows(.notAPartyToOrder(orderID: orderID)) { _ = try sut.join(orderID: orderID, as: .rider("rider-zoe")) }
    }

    func test_join_deliversOrderNotFoundErrorOnUnknownOrder() {
        let (sut, _) = makeService()

        assertThrows(.orderNotFound(orderID: "9999")) { _ = try sut.join(orderID: "9999", as: customer) }
    }

    func test_join_deliversChatNotOpenYetErrorBeforeRiderIsAssigned() {
        for status in [RiderChatOrderStatus.pendingVendorAcceptance, .preparing] {
            let (sut, _) = makeService(orders: [anOrder(status: status, rider: nil)])

            assertThrows(.chatNotOpenYet(orderID: orderID, status: status)) { _ = try sut.join(orderID: orderID, as: customer) }
        }
    }

    func test_join_deliversNoLongerAssignedErrorToPreviousRiderOnReassignment() {
        let (sut, _) = makeService()

        sut.orderDidChange(anOrder(rider: riderAlex))

        assertThrows(.noLongerAssignedRider(orderID: orderID)) { _ = try sut.join(orderID: orderID, as: .rider(riderSam.id)) }
    }

    func test_join_deliversWholeHistoryToNewRiderOnReassignment() throws {
        let (sut, _) = makeService()
        try sut.send(request("Please ring the bell"))

        sut.orderDidChange(anOrder(rider: riderAlex))
        let snapshot = try sut.join(orderID: orderID, as: .rider(riderAlex.id))

        XCTAssertEqual(snapshot.history.messages.map(\.text), ["Please ring the bell", "Your rider is now Alex"])
        XCTAssertTrue(snapshot.canSend)
    }

    func test_join_deliversReadOnlyRoomToAdministratorOfAnyOrder() throws {
        let (sut, _) = makeService(orders: [anOrder(status: .delivered)])

        let snapshot = try sut.join(orderID: orderID, as: administrator)

        XCTAssertFalse(snapshot.canSend)
    }

    func test_subscribe_revokesPreviousRiderSubscriptionOnReassignment() throws {
        let (sut, _) = makeService()
        let oldRider = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: .rider(riderSam.id), handler: oldRider.record)

        sut.orderDidChange(anOrder(rider: riderAlex))
        try sut.send(request("Are you still coming?"))

        XCTAssertEqual(oldRider.events, [.accessRevoked(reason: RiderChatError.noLongerAssignedRider(orderID: orderID).reason)])
    }

    func test_subscribe_deliversRiderChangeToCustomerOnReassignment() throws {
        let (sut, _) = makeService()
        let recorder = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: customer, handler: recorder.record)

        sut.orderDidChange(anOrder(rider: riderAlex))

        XCTAssertEqual(recorder.events.first, .riderChanged(riderAlex))
        XCTAssertEqual(recorder.messageTexts, ["Your rider is now Alex"])
    }

    func test_subscribe_deliversDenialToStranger() {
        let (sut, _) = makeService()

        assertThrows(.notAPartyToOrder(orderID: orderID)) {
            try sut.subscribe(orderID: orderID, as: .customer("customer-bob")) { _ in }
        }
    }

    func test_errorReasons_tellWhatToDo() {
        XCTAssertEqual(
            RiderChatError.messageTooLong(length: 612, limit: 500).reason,
            "Messages can be at most 500 characters; this one has 612. Shorten it and send again.")
        XCTAssertEqual(
            RiderChatError.notAPartyToOrder(orderID: "1001").description,
            "You are not a party to order 1001: only its customer and its assigned rider can join this chat.")
    }
}
