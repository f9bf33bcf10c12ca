import Foundation

extension OrderChatService {
    /// Order Management reports a new order or a change of status or rider.
    /// - Closing (Delivered/Cancelled) adds the system message "This chat is now closed" once.
    /// - A new rider replaces the previous one, who loses access at once; the new rider sees the history.
    public func orderDidChange(_ order: RiderChatOrder) {
        let revoked: [Subscriber] = withState { state in
            guard var room = state.rooms[order.id] else {
                state.rooms[order.id] = Room(order: order)
                return []
            }
            let previous = room.order
            room.order = order
            var revoked: [Subscriber] = []
            if let oldRider = previous.rider, oldRider.id != order.rider?.id {
                room.formerRiderIDs.insert(oldRider.id)
                revoked = removeSubscriptions(in: &room, ofRider: oldRider.id)
            }
            if let newRider = order.rider, newRider.id != previous.rider?.id {
                // A rider given the order back stays in formerRiderIDs: the set is read only for a rider who is
                // not the current one, and one who stops being current is inserted again.
                if previous.rider != nil {
                    let note = room.append(
                        clientMessageID: nil, sender: .system, text: "Your rider is now \(newRider.name)", at: currentDateNow())
                    room.broadcast(.riderChanged(newRider))
                    room.broadcast(.message(note))
                }
            }
            if order.status.isClosed && !previous.status.isClosed && order.rider != nil {
                let note = room.append(clientMessageID: nil, sender: .system, text: Self.closedSystemMessage, at: currentDateNow())
                room.broadcast(.chatClosed(order.status))
                room.broadcast(.message(note))
            }
            state.rooms[order.id] = room
            return revoked
        }
        // Outside the lock: ending a subscription may call back into the service (an AsyncStream's termination).
        let reason = RiderChatError.noLongerAssignedRider(orderID: order.id).reason
        for subscriber in revoked {
            subscriber.handler(.accessRevoked(reason: reason))
            subscriber.onEnd()
        }
    }

    private func removeSubscriptions(in room: inout Room, ofRider riderID: String) -> [Subscriber] {
        let ids = room.subscribers.filter { $0.value.user == .rider(riderID) }.map(\.key).sorted()
        return ids.compactMap { room.subscribers.removeValue(forKey: $0) }
    }
}
