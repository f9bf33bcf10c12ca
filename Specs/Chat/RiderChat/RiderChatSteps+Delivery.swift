import Chat
import Foundation
import SpecRun

extension RiderChatSteps {
    // MARK: Real-time delivery and push notifications (AC-002, AC-003, AC-006)

    static func registerDelivery(_ steps: inout Steps<RiderChatWorld>) {
        steps.then("{word} has not received {string} in the open chat") { (world, name: String, text: String) in
            let received = try unwrap(world.apps[name], "\(name) has no chat open").receivedFromOthers.map(\.text)
            try expect(!received.contains(text), "\(name) should not have received \"\(text)\" live; received \(received)")
        }
        steps.then("{word} has received {int} message(s)") { (world, name: String, count: Int) in
            let received = try unwrap(world.apps[name], "\(name) has no chat open").receivedFromOthers.map(\.text)
            try expect(received.count, equals: count, "messages \(name) received live (\(received))")
        }
        steps.then("{word} receives exactly these messages in this order:") { (world, name: String, table: DataTable) in
            let received = try unwrap(world.apps[name], "\(name) has no chat open").receivedFromOthers.map(\.text)
            try expect(received, equals: table.rows.map { $0[0] })
        }
        steps.then("{word} loses access with the reason {string}") { (world, name: String, reason: String) in
            let app = try unwrap(world.apps[name], "\(name) has no chat open")
            try expect(app.inbox.all.last, equals: .accessRevoked(reason: reason), "the last live event of \(name)")
            try expect(app.inbox.hasEnded, "the live connection of \(name) is still open")
            try expect(try await world.viewModel(name).notice, equals: reason)
            try expect(!(try await world.viewModel(name).isInputEnabled), "input should be disabled for \(name)")
        }
        steps.then("a push notification {string} is requested for {word} with the text {string}") {
            (world, title: String, name: String, body: String) in
            let user = try world.user(name)
            let pushes = world.push.requests.filter { $0.recipientUserID == user.id }
            try expect(
                pushes.contains { $0.title == title && $0.body == body },
                "no push \"\(title)\": \"\(body)\" for \(name); requested: \(pushes.map { "\($0.title): \($0.body)" })")
        }
        steps.then("the push preview has {int} characters") { (world, length: Int) in
            let push = try unwrap(world.push.requests.last, "no push notification was requested")
            try expect(push.body.count, equals: length, "length of the preview \"\(push.body)\"")
            if length > RiderChatPushPreview.length { try expect(push.body.hasSuffix("…"), "a cut preview ends with …") }
        }
        steps.then("no push notification is requested") { world in
            try expect(world.push.requests.map(\.body), equals: [])
        }
    }

    // MARK: The chat service itself (BR-CHAT-001/002/003 and input rules, without any app)

    static func registerService(_ steps: inout Steps<RiderChatWorld>) {
        let sendStraight: @Sendable (RiderChatWorld, String, String, String?) throws -> Void = { world, text, name, orderID in
            let order = try orderID ?? unwrap(world.mainOrderID)
            let request = RiderChatSendRequest(orderID: order, sender: try world.user(name), clientMessageID: UUID().uuidString, text: text)
            world.serviceRefusal = nil
            do { _ = try world.service.send(request) } catch { world.serviceRefusal = error }
        }
        steps.when("{word} sends {string} straight to the chat service") { (world, name: String, text: String) in
            try sendStraight(world, text, name, nil)
        }
        steps.when("{word} sends {string} straight to the chat service in order {word}") {
            (world, name: String, text: String, orderID: String) in
            try sendStraight(world, text, name, orderID)
        }
        steps.when("{word} sends a message of {int} characters straight to the chat service") { (world, name: String, length: Int) in
            try sendStraight(world, world.makeMessage(length: length), name, nil)
        }
        steps.when("{word} asks the chat service for the history of order {word}") { (world, name: String, orderID: String) in
            world.serviceRefusal = nil
            do { _ = try world.service.history(orderID: orderID, as: try world.user(name), before: nil) } catch {
                world.serviceRefusal = error
            }
        }
        steps.when("{word} asks the chat service for the live updates of order {word}") { (world, name: String, orderID: String) in
            world.serviceRefusal = nil
            do { _ = try world.service.subscribe(orderID: orderID, as: try world.user(name)) { _ in } } catch {
                world.serviceRefusal = error
            }
        }
        steps.then("the chat service refuses it with the reason {string}") { (world, reason: String) in
            let error = try unwrap(world.serviceRefusal, "the chat service accepted it")
            try expect((error as? RiderChatError)?.reason, equals: reason)
        }
        steps.then("the chat of order {word} holds the system message {string} once") { (world, orderID: String, text: String) in
            let log = try world.service.history(orderID: orderID, as: .administrator("admin-audit"), limit: Int.max)
            try expect(log.messages.filter { $0.isSystem && $0.text == text }.count, equals: 1)
        }
        steps.then("the chat of order {word} holds {int} message(s)") { (world, orderID: String, count: Int) in
            let log = try world.service.history(orderID: orderID, as: .administrator("admin-audit"), limit: Int.max)
            try expect(log.messages.count, equals: count, "messages stored for order \(orderID): \(log.messages.map(\.text))")
        }
    }

    // MARK: History (display requirements)

    static func registerHistory(_ steps: inout Steps<RiderChatWorld>) {
        steps.given("the chat of order {word} already holds {int} messages") { (world, orderID: String, count: Int) in
            let order = try unwrap(world.orders[orderID], "order \(orderID) was not placed in this scenario")
            let rider = try unwrap(order.rider, "order \(orderID) needs a rider to hold messages")
            for number in 1...max(count, 1) where count > 0 {
                let sender: RiderChatUser = number % 2 == 1 ? .customer(order.customerID) : .rider(rider.id)
                try world.service.send(
                    RiderChatSendRequest(
                        orderID: orderID, sender: sender, clientMessageID: "seed-\(orderID)-\(number)",
                        text: "Message \(number) of order \(orderID)"))
            }
        }
        steps.then("{word} sees {int} messages, from {string} to {string}") {
            (world, name: String, count: Int, first: String, last: String) in
            let texts = try await world.viewModel(name).rows.map(\.text)
            try expect(texts.count, equals: count, "number of messages \(name) sees")
            try expect(texts.first, equals: first, "the first message")
            try expect(texts.last, equals: last, "the last message")
        }
        steps.then("{word} sees {int} messages") { (world, name: String, count: Int) in
            let texts = try await world.viewModel(name).rows.map(\.text)
            try expect(texts.count, equals: count, "messages \(name) sees (\(texts))")
        }
        steps.when("{word} scrolls up") { (world, name: String) in
            try await world.app(name).client.loadOlderMessages()
        }
        steps.then("{word} can scroll up for older messages") { (world, name: String) in
            try expect(try await world.viewModel(name).canLoadOlder, "\(name) should be able to load older messages")
        }
        steps.then("there are no older messages for {word}") { (world, name: String) in
            try expect(!(try await world.viewModel(name).canLoadOlder), "\(name) should see the whole history")
        }
    }
}
