import Foundation

/// The backend part of the customer ↔ rider chat: one room per order, authorised against the order on
/// every call (BR-CHAT-001), read-only once the order is closed (BR-CHAT-002), readable by
/// administrators (BR-CHAT-003), idempotent by client message id, delivering in real time to
/// subscribers and asking the `PushNotifier` to notify the recipient.
///
/// Thread-safe: every call may come from any thread or task. Subscriber handlers are called in
/// message order while the room is locked, so they must be quick and must not call back into the service.
// @unchecked: every stored var lives in `state`, read and written only while holding `lock` (a domain module imports Foundation only)
public final class OrderChatService: @unchecked Sendable {
    public static let historyPageSize = 20
    public static let closedSystemMessage = "This chat is now closed"

    private let lock = NSLock()
    private var state = State()
    let pushNotifier: PushNotifier
    let currentDate: @Sendable () -> Date

    public init(pushNotifier: PushNotifier, currentDate: @escaping @Sendable () -> Date) {
        self.pushNotifier = pushNotifier
        self.currentDate = currentDate
    }

    struct State {
        var rooms: [String: Room] = [:]
    }

    struct Subscriber {
        let user: RiderChatUser
        let handler: @Sendable (RiderChatEvent) -> Void
        let onEnd: @Sendable () -> Void
    }

    struct Room {
        var order: RiderChatOrder
        var messages: [RiderChatMessage] = []
        var indexByClientMessageID: [String: Int] = [:]
        var formerRiderIDs: Set<String> = []
        var subscribers: [Int: Subscriber] = [:]
        var nextSubscriberID = 0

        init(order: RiderChatOrder) { self.order = order }

        mutating func append(clientMessageID: String?, sender: RiderChatSender, text: String, at date: Date) -> RiderChatMessage {
            let message = RiderChatMessage(
                orderID: order.id, sequence: messages.count + 1, clientMessageID: clientMessageID,
                sender: sender, text: text, sentAt: date)
            if let clientMessageID { indexByClientMessageID[clientMessageID] = messages.count }
            messages.append(message)
            return message
        }

        func broadcast(_ event: RiderChatEvent) {
            for subscriber in subscribers.values { subscriber.handler(event) }
        }
    }

    func withState<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// The current order as the chat knows it.
    public func order(id: String) -> RiderChatOrder? {
        withState { $0.rooms[id]?.order }
    }

    /// The apps listening live to the chat of an order now (an app that cancelled or dropped its subscription is
    /// not counted: the service no longer delivers to it).
    public func liveConnectionCount(orderID: String) -> Int {
        withState { $0.rooms[orderID]?.subscribers.count ?? 0 }
    }
}
