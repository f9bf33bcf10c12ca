import Foundation

extension OrderChatService {
    /// Joins the order's chat room: checks BR-CHAT-001 and returns the order and its last 20 messages.
    public func join(orderID: String, as user: RiderChatUser) throws(RiderChatError) -> RiderChatRoomSnapshot {
        try withRoom(orderID) { room throws(RiderChatError) in
            try RiderChatAccessPolicy.checkRead(room.order, by: user, formerRiderIDs: room.formerRiderIDs)
            let canSend = (try? RiderChatAccessPolicy.checkSend(room.order, by: user, formerRiderIDs: room.formerRiderIDs)) != nil
            return RiderChatRoomSnapshot(
                order: room.order, history: Self.page(of: room.messages, before: nil, limit: Self.historyPageSize), canSend: canSend)
        }
    }

    /// A page of history, oldest first, of the messages before `sequence` (the latest ones when nil).
    public func history(orderID: String, as user: RiderChatUser, before sequence: Int? = nil, limit: Int = OrderChatService.historyPageSize)
        throws(RiderChatError) -> RiderChatHistoryPage
    {
        try withRoom(orderID) { room throws(RiderChatError) in
            try RiderChatAccessPolicy.checkRead(room.order, by: user, formerRiderIDs: room.formerRiderIDs)
            return Self.page(of: room.messages, before: sequence, limit: limit)
        }
    }

    /// Accepts a message, delivers it to every subscriber of the room and asks for a push to the other party.
    /// Sending the same client message id again returns the stored message and delivers nothing twice.
    @discardableResult
    public func send(_ request: RiderChatSendRequest) throws(RiderChatError) -> RiderChatMessage {
        let text = try RiderChatMessagePolicy.validate(request.text)
        let now = currentDateNow()
        let (message, push): (RiderChatMessage, RiderChatPushNotification?) = try withRoom(request.orderID) { room throws(RiderChatError) in
            if let index = room.indexByClientMessageID[request.clientMessageID], room.messages[index].sender.userID == request.sender.id {
                return (room.messages[index], nil)
            }
            try RiderChatAccessPolicy.checkSend(room.order, by: request.sender, formerRiderIDs: room.formerRiderIDs)
            let sender = RiderChatAccessPolicy.sender(for: request.sender, in: room.order)
            let message = room.append(clientMessageID: request.clientMessageID, sender: sender, text: text, at: now)
            room.broadcast(.message(message))
            return (message, Self.push(for: message, in: room.order))
        }
        if let push { pushNotifier.requestPush(push) }
        return message
    }

    func currentDateNow() -> Date { currentDate() }

    func withRoom<R>(_ orderID: String, _ body: (inout Room) throws(RiderChatError) -> R) throws(RiderChatError) -> R {
        let result: Result<R, RiderChatError> = withState { state in
            guard var room = state.rooms[orderID] else { return .failure(.orderNotFound(orderID: orderID)) }
            do throws(RiderChatError) {
                let value = try body(&room)
                state.rooms[orderID] = room
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func page(of messages: [RiderChatMessage], before sequence: Int?, limit: Int) -> RiderChatHistoryPage {
        let end = min(max((sequence ?? Int.max) - 1, 0), messages.count)
        let start = max(end - max(limit, 0), 0)
        return RiderChatHistoryPage(messages: Array(messages[start..<end]), hasOlder: start > 0)
    }

    static func push(for message: RiderChatMessage, in order: RiderChatOrder) -> RiderChatPushNotification? {
        let preview = RiderChatPushPreview.make(from: message.text)
        switch message.sender {
        case let .customer(id) where id == order.customerID:
            guard let rider = order.rider else { return nil }
            return RiderChatPushNotification(
                recipientUserID: rider.id, orderID: order.id, title: "New message from your customer (order \(order.id))",
                body: preview, messageSequence: message.sequence)
        case let .rider(_, name):
            return RiderChatPushNotification(
                recipientUserID: order.customerID, orderID: order.id, title: "New message from \(name), your rider",
                body: preview, messageSequence: message.sequence)
        default:
            return nil
        }
    }
}
