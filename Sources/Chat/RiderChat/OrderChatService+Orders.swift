import Foundation

extension OrderChatService {
    /// Order Management reports a new order or a change of status or rider.
    /// - Closing (Delivered/Cancelled) adds the system message "This chat is now closed" once.
    /// - A new rider replaces the previous one, who loses access at once; the new rider sees the history.
    public func orderDidChange(_ order: RiderChatOrder) {
        withState { state in
            guard var room = state.rooms[order.id] else {
                state.rooms[order.id] = Room(order: order)
                return
            }
            let previous = room.order
            room.order = order
            if let oldRider = previous.rider, oldRider.id != order.rider?.id {
                room.formerRiderIDs.insert(oldRider.id)
                revokeSubscriptions(in: &room, ofRider: oldRider.id, orderID: order.id)
            }
            if let newRider = order.rider, newRider.id != previous.rider?.id {
                room.formerRiderIDs.remove(newRider.id)
                if previous.rider != nil {
                    let note = room.append(clientMessageID: nil, sender: .system, text: "Your rider is now \(newRider.name)", at: currentDateNow())
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
        }
    }

    private func revokeSubscriptions(in room: inout Room, ofRider riderID: String, orderID: String) {
        let revoked = room.subscribers.filter { $0.value.user.role == .rider && $0.value.user.id == riderID }
        let reason = RiderChatError.noLongerAssignedRider(orderID: orderID).reason
        for (id, subscriber) in revoked {
            room.subscribers[id] = nil
            subscriber.handler(.accessRevoked(reason: reason))
            subscriber.onEnd()
        }
    }
}
