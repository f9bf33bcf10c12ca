import Chat
import Foundation
import SpecRun

extension RiderChatSteps {
    // MARK: Flaky connections, retries and catching up (AC-006, BR-CHAT-001 at the service)

    static func registerResilience(_ steps: inout Steps<RiderChatWorld>) {
        steps.when("{word} opens the chat of order {word} without internet connection") { (world, name: String, orderID: String) in
            try await world.openChat(name, orderID: orderID, online: false)
        }
        steps.given("{word} follows order {word} as a stream of live events") { (world, name: String, orderID: String) in
            let stream = try world.service.events(orderID: orderID, as: try world.user(name))
            let inbox = RiderChatSpecInbox()
            world.streamInboxes[name] = inbox
            world.streamTasks[name] = Task { for await event in stream { inbox.record(event) } }
        }
        steps.then("the stream of live events of {word} brings {string}") { (world, name: String, text: String) in
            let inbox = try unwrap(world.streamInboxes[name], "\(name) follows no stream of live events")
            // The stream's reader is a task of its own: wait until it recorded the message (a signal, not a delay).
            await inbox.waitFor { if case let .message(message) = $0 { message.text == text } else { false } }
        }
        steps.when("{word} stops following the live events") { (world, name: String) in
            let task = try unwrap(world.streamTasks[name], "\(name) follows no stream of live events")
            task.cancel()
            await task.value
        }
        steps.then("the chat service has {int} live connection(s) for order {word}") { (world, count: Int, orderID: String) in
            try expect(world.service.liveConnectionCount(orderID: orderID), equals: count)
        }
        steps.given("the live connection of {word} drops") { (world, name: String) in
            try await world.app(name).disconnectLive()
        }
        steps.given("the chat service does not answer the next {int} send(s) of {word}") { (world, count: Int, name: String) in
            try await world.app(name).network.sendsTimingOut = count
        }
        steps.when("{int} more messages are written in the chat of order {word}") { (world, count: Int, orderID: String) in
            let order = try unwrap(world.orders[orderID], "order \(orderID) was not placed in this scenario")
            let rider = try unwrap(order.rider, "order \(orderID) needs a rider to hold messages")
            let held = try world.service.history(orderID: orderID, as: .administrator("admin-audit"), limit: Int.max).messages.count
            for number in held + 1...held + count {
                let sender: RiderChatUser = number % 2 == 1 ? .customer(order.customerID) : .rider(rider.id)
                try world.service.send(
                    RiderChatSendRequest(
                        orderID: orderID, sender: sender, clientMessageID: "seed-\(orderID)-\(number)",
                        text: "Message \(number) of order \(orderID)"))
            }
        }
        steps.when("the chat service receives {string} from {word} again, with the same message id") {
            (world, text: String, name: String) in
            let orderID = try unwrap(world.mainOrderID)
            let log = try world.service.history(orderID: orderID, as: .administrator("admin-audit"), limit: Int.max)
            let first = try unwrap(log.messages.first { $0.text == text }, "the chat service has no message \"\(text)\"")
            let retry = RiderChatSendRequest(
                orderID: orderID, sender: try world.user(name), clientMessageID: try unwrap(first.clientMessageID), text: text)
            let answer = try world.service.send(retry)
            try expect(answer.sequence, equals: first.sequence, "the retry is answered with the stored message")
        }
        steps.then("{int} push notification(s) is/are requested") { (world, count: Int) in
            try expect(world.push.requests.count, equals: count, "push requests \(world.push.requests.map(\.body))")
        }
        steps.then("{word} sees the system message {string} once") { (world, name: String, text: String) in
            let rows = try await world.viewModel(name).rows.filter { $0.alignment == .center && $0.text == text }
            try expect(rows.count, equals: 1, "times \(name) sees the system message \"\(text)\"")
        }
        steps.then("{word} is told nothing") { (world, name: String) in
            try expectNil(try await world.viewModel(name).notice)
        }
    }
}
