import Chat
import XCTest

/// Real-time delivery: subscriptions, streams and ordering under concurrent senders.
final class RiderChatSubscriptionTests: XCTestCase {
    func test_cancel_stopsDelivery() throws {
        let (sut, _) = makeService()
        let recorder = RiderChatEventRecorder()
        let subscription = try sut.subscribe(orderID: orderID, as: customer, handler: recorder.record)

        subscription.cancel()
        try sut.send(request("Hello", from: .rider(riderSam.id)))

        XCTAssertEqual(recorder.events, [])
    }

    func test_subscribe_deliversOnlyThisOrdersEvents() throws {
        let (sut, _) = makeService(orders: [anOrder(), anOrder(id: "2002", customerID: "customer-bob")])
        let recorder = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: customer, handler: recorder.record)

        try sut.send(request("Not for Ana", from: .customer("customer-bob"), order: "2002"))

        XCTAssertEqual(recorder.events, [])
    }

    func test_events_finishesStreamWhenRiderIsReassigned() async throws {
        let (sut, _) = makeService()
        let stream = try sut.events(orderID: orderID, as: .rider(riderSam.id))

        sut.orderDidChange(anOrder(rider: riderAlex))
        try sut.send(request("Hello?"))

        var received: [RiderChatEvent] = []
        for await event in stream { received.append(event) }
        XCTAssertEqual(received, [.accessRevoked(reason: RiderChatError.noLongerAssignedRider(orderID: orderID).reason)])
    }

    func test_send_deliversEveryMessageOnceInSequenceOrderUnderConcurrentSenders() async throws {
        let (sut, push) = makeService()
        let recorder = RiderChatEventRecorder()
        try sut.subscribe(orderID: orderID, as: administrator, handler: recorder.record)

        await withTaskGroup(of: Void.self) { group in
            for sender in [customer, RiderChatUser.rider(riderSam.id)] {
                group.addTask {
                    for number in 0..<200 {
                        _ = try? sut.send(request("\(sender.id) \(number)", from: sender, id: "\(sender.id)-\(number)"))
                    }
                }
            }
        }

        let sequences = recorder.events.compactMap { event -> Int? in
            if case let .message(message) = event { return message.sequence } else { return nil }
        }
        XCTAssertEqual(sequences, Array(1...400))
        XCTAssertEqual(push.requests.count, 400)
    }
}
