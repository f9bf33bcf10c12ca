import Foundation

/// A live subscription to an order chat; cancelling it (or dropping the stream) stops delivery.
public final class RiderChatSubscription: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

    public func cancel() { onCancel() }
}

extension OrderChatService {
    /// Real-time delivery: `handler` receives every event of the order's room from now on, in order.
    /// Checks BR-CHAT-001 first; a rider who is reassigned receives `.accessRevoked` and nothing more.
    @discardableResult
    public func subscribe(
        orderID: String, as user: RiderChatUser,
        onEnd: @escaping @Sendable () -> Void = {},
        handler: @escaping @Sendable (RiderChatEvent) -> Void
    ) throws(RiderChatError) -> RiderChatSubscription {
        let subscriptionID = try withRoom(orderID) { room throws(RiderChatError) in
            try RiderChatAccessPolicy.checkRead(room.order, by: user, formerRiderIDs: room.formerRiderIDs)
            room.nextSubscriberID += 1
            room.subscribers[room.nextSubscriberID] = Subscriber(user: user, handler: handler, onEnd: onEnd)
            return room.nextSubscriberID
        }
        return RiderChatSubscription { [weak self] in
            self?.withState { state in _ = state.rooms[orderID]?.subscribers.removeValue(forKey: subscriptionID) }
        }
    }

    /// The same delivery as an `AsyncStream`; the stream finishes when access is revoked.
    public func events(orderID: String, as user: RiderChatUser) throws(RiderChatError) -> AsyncStream<RiderChatEvent> {
        let (stream, continuation) = AsyncStream<RiderChatEvent>.makeStream()
        let subscription = try subscribe(orderID: orderID, as: user, onEnd: { continuation.finish() }) { event in
            continuation.yield(event)
        }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}
