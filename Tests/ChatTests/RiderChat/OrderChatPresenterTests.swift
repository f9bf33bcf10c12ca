import Chat
import XCTest

/// "The app should display…": what the chat screen shows, checked on the view model.
final class OrderChatPresenterTests: XCTestCase {
    func test_viewModel_showsRiderNameInHeaderForCustomer() async {
        let (sut, _) = await makeOpenedSUT()

        let viewModel = sut.viewModel(timeZone: utc)

        XCTAssertEqual(viewModel.title, "Sam")
        XCTAssertEqual(viewModel.subtitle, "Order 1001 · In Transit")
        XCTAssertEqual(viewModel.inputPlaceholder, "Message Sam")
        XCTAssertEqual(viewModel.characterLimit, 500)
    }

    func test_viewModel_alignsOwnMessagesRightAndRiderMessagesLeft() async throws {
        let (sut, service) = await makeOpenedSUT()

        await sut.send("Please ring the bell")
        sut.receive(.message(try service.send(request("On my way", from: .rider(riderSam.id)))))

        let rows = sut.viewModel(timeZone: utc).rows
        XCTAssertEqual(rows.map(\.alignment), [.right, .left])
        XCTAssertEqual(rows.map(\.senderName), ["You", "Sam"])
        XCTAssertEqual(rows.map(\.status), ["Sent", nil])
        XCTAssertEqual(rows.first?.accessibilityLabel, "You, 03:33: Please ring the bell. Sent")
    }

    func test_viewModel_alignsRiderOwnMessagesRightForRider() async throws {
        let (sut, service) = await makeOpenedSUT(user: .rider(riderSam.id))

        await sut.send("I am arriving now")
        sut.receive(.message(try service.send(request("Thanks!"))))

        XCTAssertEqual(sut.viewModel(timeZone: utc).title, "Customer of order 1001")
        XCTAssertEqual(sut.viewModel(timeZone: utc).rows.map(\.alignment), [.right, .left])
        XCTAssertEqual(sut.viewModel(timeZone: utc).rows.map(\.senderName), ["You", "Customer"])
    }

    func test_viewModel_disablesInputAndShowsClosedSystemMessageOnDelivery() async throws {
        let (sut, service) = await makeOpenedSUT()
        let recorder = RiderChatEventRecorder()
        try service.subscribe(orderID: orderID, as: customer, handler: recorder.record)
        await sut.send("Hello")

        service.orderDidChange(anOrder(status: .delivered))
        recorder.events.forEach(sut.receive)

        let viewModel = sut.viewModel(timeZone: utc)
        XCTAssertFalse(viewModel.isInputEnabled)
        XCTAssertFalse(viewModel.isSendEnabled)
        XCTAssertFalse(viewModel.isQuickRepliesEnabled)
        XCTAssertEqual(viewModel.inputPlaceholder, "This chat is now closed")
        XCTAssertEqual(viewModel.rows.map(\.text), ["Hello", "This chat is now closed"])
        XCTAssertEqual(viewModel.rows.last?.alignment, .center)
        XCTAssertEqual(viewModel.subtitle, "Order 1001 · Delivered")
    }

    func test_viewModel_showsReadOnlyLogToAdministrator() async throws {
        let (sut, service) = await makeOpenedSUT(
            user: administrator,
            prepare: { service in
                try service.send(request("Please leave it at the door"))
                try service.send(request("Done", from: .rider(riderSam.id)))
                service.orderDidChange(anOrder(status: .delivered))
            })
        _ = service

        let viewModel = sut.viewModel(timeZone: utc)
        XCTAssertEqual(viewModel.title, "Chat log of order 1001")
        XCTAssertFalse(viewModel.isInputEnabled)
        XCTAssertEqual(viewModel.rows.map(\.senderName), ["Customer", "Sam", "System"])
        XCTAssertEqual(viewModel.rows.map(\.alignment), [.right, .left, .center])
        XCTAssertEqual(viewModel.rows.map(\.status), [nil, nil, nil])
    }

    func test_viewModel_showsOfflineNoticeWhileOffline() async {
        let (sut, _) = await makeOpenedSUT()

        await sut.connectivityChanged(isOnline: false)

        XCTAssertEqual(sut.viewModel().notice, "You are offline. Messages will be sent when you are back online.")
    }

    func test_viewModel_labelsEveryControlForScreenReaders() async {
        let (sut, _) = await makeOpenedSUT()

        XCTAssertEqual(sut.viewModel().accessibility.messageInput, "Message to Sam, up to 500 characters")
        XCTAssertEqual(sut.viewModel().accessibility.sendButton, "Send message")
        XCTAssertEqual(sut.viewModel().accessibility.quickRepliesButton, "Quick replies")
    }

    func test_viewModel_offersRoleQuickReplies() async {
        let (customerSUT, _) = await makeOpenedSUT()
        let (riderSUT, _) = await makeOpenedSUT(user: .rider(riderSam.id))

        XCTAssertEqual(customerSUT.viewModel().quickReplies, RiderChatQuickReplies.customer)
        XCTAssertEqual(riderSUT.viewModel().quickReplies, RiderChatQuickReplies.rider)
    }

    func test_viewModel_formatsTimestampsInGivenTimeZone() async {
        let (sut, _) = await makeOpenedSUT()
        await sut.send("Hello")

        XCTAssertEqual(sut.viewModel(timeZone: TimeZone(secondsFromGMT: 3600)!).rows.map(\.time), ["04:33"])
    }

    func test_viewModel_showsCustomerFirstNameAndOrderInRiderHeader() async {
        let order = RiderChatOrder(id: orderID, customerID: customer.id, status: .inTransit, rider: riderSam, customerName: "Ana Lima")
        let (sut, _) = await makeOpenedSUT(user: .rider(riderSam.id), prepare: { $0.orderDidChange(order) })

        XCTAssertEqual(sut.viewModel(timeZone: utc).title, "Ana · Order 1001")
    }

    func test_viewModel_showsCustomerOfOrderInRiderHeaderOnOrderWithoutCustomerName() async {
        let (sut, _) = await makeOpenedSUT(user: .rider(riderSam.id))

        XCTAssertEqual(sut.viewModel(timeZone: utc).title, "Customer of order 1001")
    }

    func test_viewModel_marksMessageWaitingForConnectivityToBeResent() async {
        let (sut, _) = await makeOpenedSUT()
        await sut.connectivityChanged(isOnline: false)

        await sut.send("At the gate")

        let row = sut.viewModel(timeZone: utc).rows.last
        XCTAssertEqual(row?.status, "Sending failed")
        XCTAssertEqual(row?.willResend, true)
    }

    func test_viewModel_marksMessageRefusedByTheServiceNotToBeResent() async throws {
        let (sut, service) = await makeOpenedSUT()
        service.orderDidChange(anOrder(status: .delivered))

        await sut.send("Thanks")

        let row = sut.viewModel(timeZone: utc).rows.last { $0.text == "Thanks" }
        XCTAssertEqual(row?.status, "Sending failed")
        XCTAssertEqual(row?.willResend, false)
    }

    // MARK: - Helpers

    private let utc = TimeZone(identifier: "UTC")!

    private func makeOpenedSUT(
        user: RiderChatUser = customer, prepare: (OrderChatService) throws -> Void = { _ in }, file: StaticString = #filePath,
        line: UInt = #line
    ) async -> (OrderChatClient, OrderChatService) {
        let (service, _) = makeService(file: file, line: line)
        try? prepare(service)
        var counter = 0
        let sut = OrderChatClient(
            orderID: orderID, user: user, transport: OrderChatServiceTransport(service: service), currentDate: { fixedNow },
            makeClientMessageID: {
                counter += 1
                return "\(user.id)-\(counter)"
            })
        await sut.open()
        trackForMemoryLeaks(sut, file: file, line: line)
        return (sut, service)
    }
}
