import Chat
import DomainTestSupport
import Foundation
import SpecRun

/// The state of one CUS-032 scenario: the real chat service with an in-memory push recorder and a set clock,
/// and one app (client + network double + live subscription) per person.
final class RiderChatWorld: World {
    static let day = Date(timeIntervalSince1970: 1_729_987_200)  // 2024-10-27 00:00 UTC, the story's elaboration date
    /// The phones' time zone (UTC unless a scenario says otherwise).
    var timeZone = TimeZone(identifier: "UTC")!

    let clock = SpecClock(now: RiderChatWorld.day.addingTimeInterval(12 * 3600))
    let push = InMemoryPushNotifier()  // stands in for FCM
    let service: OrderChatService
    var people: [String: RiderChatUser] = [:]
    var riders: [String: RiderChatRider] = [:]
    var orders: [String: RiderChatOrder] = [:]
    var mainOrderID: String?
    var apps: [String: RiderChatSpecApp] = [:]
    var lastOutcome: RiderChatSendOutcome?
    var lastSender: String?
    var entryPoint: ChatWithRiderEntryViewModel?
    /// Apps following the live events as an `AsyncStream`, by person.
    var streamTasks: [String: Task<Void, Never>] = [:]
    var streamInboxes: [String: RiderChatSpecInbox] = [:]
    /// What the chat service answered the last request sent to it straight, without an app (nil: accepted).
    var serviceRefusal: (any Error)?
    private var nextClientMessageID = 0

    required init() {
        let clock = self.clock
        service = OrderChatService(pushNotifier: push, currentDate: { clock.now })
    }

    // MARK: People and orders

    func customer(_ name: String) -> RiderChatUser {
        let user = RiderChatUser.customer("customer-\(name.lowercased())")
        people[name] = user
        return user
    }

    func rider(_ name: String) -> RiderChatRider {
        let rider = RiderChatRider(id: "rider-\(name.lowercased())", name: name)
        riders[name] = rider
        people[name] = .rider(rider.id)
        return rider
    }

    func administrator(_ name: String) -> RiderChatUser {
        let user = RiderChatUser.administrator("admin-\(name.lowercased())")
        people[name] = user
        return user
    }

    func user(_ name: String) throws -> RiderChatUser {
        try unwrap(people[name], "nobody called \(name) takes part in this scenario; introduce them in a Given step first")
    }

    func place(_ order: RiderChatOrder) {
        orders[order.id] = order
        if mainOrderID == nil { mainOrderID = order.id }
        service.orderDidChange(order)
    }

    func change(orderID: String, _ update: (inout RiderChatOrder) -> Void) throws {
        var order = try unwrap(orders[orderID], "order \(orderID) was not placed in this scenario")
        update(&order)
        place(order)
    }

    func setTime(_ text: String) throws {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { throw fail("write the time as HH:mm, e.g. \"14:05\"; got \"\(text)\"") }
        clock.now = Self.day.addingTimeInterval(TimeInterval(parts[0] * 3600 + parts[1] * 60))
    }

    // MARK: Apps

    /// Opens (or reopens) the chat of `orderID` in `name`'s app: live subscription first, then the last messages.
    @discardableResult
    func openChat(_ name: String, orderID: String, online: Bool = true) async throws -> RiderChatSpecApp {
        let user = try user(name)
        apps[name]?.subscription?.cancel()
        let network = RiderChatSpecNetwork(transport: OrderChatServiceTransport(service: service))
        let client = OrderChatClient(
            orderID: orderID, user: user, transport: network, currentDate: { [clock] in clock.now },
            makeClientMessageID: { [unowned self] in
                self.nextClientMessageID += 1
                return "\(user.id)-\(self.nextClientMessageID)"
            })
        let app = RiderChatSpecApp(user: user, orderID: orderID, client: client, network: network)
        let inbox = app.inbox
        let service = self.service
        app.connectLive = { try? service.subscribe(orderID: orderID, as: user, onEnd: inbox.recordEnd, handler: inbox.record) }
        network.onConnectionLost = { [weak app] in app?.disconnectLive() }
        network.isOnline = online
        if online { app.reconnectLive() }
        await client.open()
        apps[name] = app
        return app
    }

    /// The app of `name`, opened on the scenario's order if it is not open yet, with every live event applied.
    func app(_ name: String) async throws -> RiderChatSpecApp {
        let app: RiderChatSpecApp
        if let existing = apps[name] {
            app = existing
        } else {
            app = try await openChat(name, orderID: try unwrap(mainOrderID, "no order was placed in this scenario"))
        }
        app.sync()
        return app
    }

    func viewModel(_ name: String) async throws -> OrderChatViewModel {
        try await app(name).client.viewModel(timeZone: timeZone)
    }

    func row(_ name: String, text: String) async throws -> OrderChatRowViewModel {
        let rows = try await viewModel(name).rows
        return try unwrap(
            rows.first { $0.text == text },
            "\(name) does not see \"\(text)\"; the chat shows \(rows.map(\.text))")
    }

    // MARK: Sending

    func send(_ name: String, _ text: String) async throws -> RiderChatSendOutcome {
        let app = try await app(name)
        let outcome = await app.client.send(text)
        lastOutcome = outcome
        lastSender = name
        return outcome
    }

    func makeMessage(length: Int) -> String {
        let words = "Leave it with the concierge please "
        return String(String(repeating: words, count: length / words.count + 1).prefix(length - 1)) + "."
    }
}

/// One person's app: the client, its network, and the events of its live subscription.
final class RiderChatSpecApp {
    let user: RiderChatUser
    let orderID: String
    let client: OrderChatClient
    let network: RiderChatSpecNetwork
    let inbox = RiderChatSpecInbox()
    var subscription: RiderChatSubscription?
    var connectLive: () -> RiderChatSubscription? = { nil }
    var rowsSeenWhileSending: [OrderChatRowViewModel] = []

    init(user: RiderChatUser, orderID: String, client: OrderChatClient, network: RiderChatSpecNetwork) {
        self.user = user
        self.orderID = orderID
        self.client = client
        self.network = network
    }

    /// The app's live connection (WSS in production) to the chat room.
    func reconnectLive() {
        disconnectLive()
        subscription = connectLive()
    }

    func disconnectLive() {
        subscription?.cancel()
        subscription = nil
    }

    /// Applies the live events received since the last sync, as the app's event loop would.
    func sync() {
        inbox.takeNew().forEach(client.receive)
    }

    /// Messages written by someone else and received live.
    var receivedFromOthers: [RiderChatMessage] {
        inbox.all.compactMap {
            guard case let .message(message) = $0, !message.isSystem, message.sender.userID != user.id else { return nil }
            return message
        }
    }
}
