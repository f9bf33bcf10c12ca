import Chat
import Foundation
import SpecRun

/// Step definitions of the customer ↔ rider chat (story CUS-032, seed 001). Bound only in `@CUS-032` features.
enum RiderChatSteps: StepLibrary {
    static let scope: String? = "@CUS-032"

    static func register(_ steps: inout Steps<RiderChatWorld>) {
        registerOrders(&steps)
        registerEntryPoint(&steps)
        registerOpening(&steps)
        registerSending(&steps)
        registerScreen(&steps)
        registerDelivery(&steps)
        registerService(&steps)
        registerHistory(&steps)
        registerResilience(&steps)
    }

    static func orderStatus(_ text: String) throws -> RiderChatOrderStatus {
        try unwrap(
            RiderChatOrderStatus(displayName: text),
            "\"\(text)\" is not an order status; use one of \(RiderChatOrderStatus.allCases.map(\.displayName))")
    }

    // MARK: Orders, people and time

    static func registerOrders(_ steps: inout Steps<RiderChatWorld>) {
        steps.given("customer {word} has order {word} in status {string} with rider {word} assigned") {
            (world, name: String, orderID: String, status: String, riderName: String) in
            let customer = world.customer(name)
            world.place(
                RiderChatOrder(
                    id: orderID, customerID: customer.id, status: try orderStatus(status), rider: world.rider(riderName), customerName: name
                ))
        }
        steps.given("customer {word} has order {word} in status {string} with no rider assigned") {
            (world, name: String, orderID: String, status: String) in
            let customer = world.customer(name)
            world.place(
                RiderChatOrder(id: orderID, customerID: customer.id, status: try orderStatus(status), rider: nil, customerName: name))
        }
        steps.given("order {word} is {string} with rider {word} assigned") { (world, orderID: String, status: String, riderName: String) in
            let newStatus = try orderStatus(status)
            let rider = world.rider(riderName)
            try world.change(orderID: orderID) {
                $0.status = newStatus; $0.rider = rider
            }
        }
        steps.given("order {word} is {string} with no rider assigned") { (world, orderID: String, status: String) in
            let newStatus = try orderStatus(status)
            try world.change(orderID: orderID) {
                $0.status = newStatus; $0.rider = nil
            }
        }
        steps.when("order {word} becomes {string}") { (world, orderID: String, status: String) in
            let newStatus = try orderStatus(status)
            try world.change(orderID: orderID) { $0.status = newStatus }
        }
        steps.when("order {word} is reassigned to rider {word}") { (world, orderID: String, riderName: String) in
            let rider = world.rider(riderName)
            try world.change(orderID: orderID) { $0.rider = rider }
        }
        steps.given("it is {string}") { (world, time: String) in
            try world.setTime(time)
        }
    }

    // MARK: The tracking screen (AC-001, AC-005)

    static func registerEntryPoint(_ steps: inout Steps<RiderChatWorld>) {
        steps.when("{word} views the tracking screen of order {word}") { (world, name: String, orderID: String) in
            _ = try world.user(name)
            let order = try unwrap(world.service.order(id: orderID), "order \(orderID) is unknown to the chat service")
            world.entryPoint = ChatWithRiderEntryPresenter.map(order)
        }
        steps.then("the {string} button is visible and enabled") { (world, title: String) in
            let entry = try unwrap(world.entryPoint, "view the tracking screen first")
            try expect(entry.title, equals: title, "the button's title")
            try expect(entry.isVisible, "the '\(title)' button should be visible")
            try expect(entry.isEnabled, "the '\(title)' button should be enabled")
        }
        steps.then("the button is labelled {string} for screen readers") { (world, label: String) in
            try expect(try unwrap(world.entryPoint).accessibilityLabel, equals: label)
        }
        steps.then("the chat option is hidden") { world in
            let entry = try unwrap(world.entryPoint, "view the tracking screen first")
            try expect(!entry.isVisible && !entry.isEnabled, "the chat option should be hidden and disabled, it is \(entry)")
        }
        steps.then("the button opens the chat to write in") { world in
            try expect(!(try unwrap(world.entryPoint).opensReadOnly), "the button opens the chat read-only")
        }
        steps.then("the hidden chat option opens nothing read-only") { world in
            let entry = try unwrap(world.entryPoint, "view the tracking screen first")
            try expect(!entry.opensReadOnly, "a hidden chat option should open no read-only history, it is \(entry)")
        }
        steps.then("the button opens the chat read-only") { world in
            try expect(try unwrap(world.entryPoint).opensReadOnly, "the button should open the chat read-only")
        }
    }

    // MARK: Opening the chat (BR-CHAT-001, BR-CHAT-003)

    static func registerOpening(_ steps: inout Steps<RiderChatWorld>) {
        let open: @Sendable (RiderChatWorld, String, String) async throws -> Void = { world, name, orderID in
            let app = try await world.openChat(name, orderID: orderID)
            try expectNil(app.client.state.denial, "\(name) should be able to open the chat of order \(orderID)")
        }
        steps.given("{word} has the chat of order {word} open") { (world, name: String, orderID: String) in
            try await open(world, name, orderID)
        }
        steps.when("{word} opens the chat of order {word}") { (world, name: String, orderID: String) in
            try await open(world, name, orderID)
        }
        steps.when("{word} brings the app back and opens the chat of order {word}") { (world, name: String, orderID: String) in
            try await open(world, name, orderID)
        }
        steps.when("administrator {word} opens the chat log of order {word}") { (world, name: String, orderID: String) in
            _ = world.administrator(name)
            try await open(world, name, orderID)
        }
        steps.when("{word} tries to open the chat of order {word}") { (world, name: String, orderID: String) in
            try await world.openChat(name, orderID: orderID)
        }
        steps.when("{word} tries again on the same chat screen") { (world, name: String) in
            let app = try unwrap(world.apps[name], "\(name) has not tried to open a chat yet")
            await app.client.open()
        }
        steps.given("the app of {word} goes to the background") { (world, name: String) in
            try unwrap(world.apps[name], "\(name) has no app open").disconnectLive()
        }
        steps.given("the app of {word} is closed") { (world, name: String) in
            _ = try world.user(name)
            world.apps[name]?.subscription?.cancel()
            world.apps[name] = nil
        }
    }
}
