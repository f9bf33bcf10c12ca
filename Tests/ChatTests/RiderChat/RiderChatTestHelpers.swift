import Chat
import DomainTestSupport
import Foundation
import XCTest

/// Records the events a subscriber receives.
final class RiderChatEventRecorder: @unchecked Sendable {
    // @unchecked: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: [RiderChatEvent] = []

    var events: [RiderChatEvent] {
        lock.lock(); defer { lock.unlock() }
        return storage
    }

    var messageTexts: [String] {
        events.compactMap { if case let .message(message) = $0 { return message.text } else { return nil } }
    }

    func record(_ event: RiderChatEvent) {
        lock.lock(); defer { lock.unlock() }
        storage.append(event)
    }
}

let orderID = "1001"
let customer = RiderChatUser.customer("customer-ana")
let riderSam = RiderChatRider(id: "rider-sam", name: "Sam")
let riderAlex = RiderChatRider(id: "rider-alex", name: "Alex")
let administrator = RiderChatUser.administrator("admin-kim")
let fixedNow = Date(timeIntervalSince1970: 1_730_000_000)  // 2024-10-27 03:33:20 UTC

func anOrder(
    status: RiderChatOrderStatus = .inTransit, rider: RiderChatRider? = riderSam, id: String = orderID, customerID: String = customer.id
) -> RiderChatOrder {
    RiderChatOrder(id: id, customerID: customerID, status: status, rider: rider)
}

func request(_ text: String, from user: RiderChatUser = customer, id: String = UUID().uuidString, order: String = orderID)
    -> RiderChatSendRequest
{
    RiderChatSendRequest(orderID: order, sender: user, clientMessageID: id, text: text)
}

extension XCTestCase {
    func makeService(orders: [RiderChatOrder] = [anOrder()], now: Date = fixedNow, file: StaticString = #filePath, line: UInt = #line) -> (
        OrderChatService, InMemoryPushNotifier
    ) {
        let push = InMemoryPushNotifier()
        let service = OrderChatService(pushNotifier: push, currentDate: { now })
        orders.forEach(service.orderDidChange)
        trackForMemoryLeaks(service, file: file, line: line)
        return (service, push)
    }

    func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
        addTeardownBlock { [weak instance] in
            XCTAssertNil(instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
        }
    }

    func assertThrows(_ expected: RiderChatError, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) {
        do {
            try body()
            XCTFail("Expected \(expected), got success", file: file, line: line)
        } catch let error as RiderChatError {
            XCTAssertEqual(error, expected, file: file, line: line)
        } catch {
            XCTFail("Expected \(expected), got \(error)", file: file, line: line)
        }
    }
}
