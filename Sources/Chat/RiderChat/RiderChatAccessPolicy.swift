import Foundation

/// BR-CHAT-001/002/003 as pure decisions over an order and a user.
enum RiderChatAccessPolicy {
    /// May `user` join the room and read its history?
    static func checkRead(_ order: RiderChatOrder, by user: RiderChatUser, formerRiderIDs: Set<String>) throws(RiderChatError) {
        switch user.role {
        case .administrator:
            return
        case .customer:
            guard user.id == order.customerID else { throw .notAPartyToOrder(orderID: order.id) }
            guard order.hasChat else { throw .chatNotOpenYet(orderID: order.id, status: order.status) }
        case .rider:
            guard user.id == order.rider?.id else {
                if formerRiderIDs.contains(user.id) { throw .noLongerAssignedRider(orderID: order.id) }
                throw .notAPartyToOrder(orderID: order.id)
            }
            guard order.hasChat else { throw .chatNotOpenYet(orderID: order.id, status: order.status) }
        }
    }

    /// May `user` send a new message?
    static func checkSend(_ order: RiderChatOrder, by user: RiderChatUser, formerRiderIDs: Set<String>) throws(RiderChatError) {
        try checkRead(order, by: user, formerRiderIDs: formerRiderIDs)
        guard user.role != .administrator else { throw .administratorsCannotSend }
        guard !order.status.isClosed else { throw .chatClosed(orderID: order.id, status: order.status) }
    }

    static func sender(for user: RiderChatUser, in order: RiderChatOrder) -> RiderChatSender {
        switch user.role {
        case .customer: return .customer(id: user.id)
        case .rider: return .rider(id: user.id, name: order.rider?.name ?? user.id)
        case .administrator: return .system
        }
    }
}
