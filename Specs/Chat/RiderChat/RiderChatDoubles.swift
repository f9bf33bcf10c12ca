import Chat
import Foundation

/// The live subscription's mailbox: every event, and which ones the app has not applied yet.
final class RiderChatSpecInbox: @unchecked Sendable {
    // @unchecked: `events`, `applied`, `ended` and `waiters` are only touched while holding `lock`.
    private let lock = NSLock()
    private var events: [RiderChatEvent] = []
    private var applied = 0
    private var ended = false

    /// The service ended the live subscription.
    func recordEnd() {
        lock.lock(); defer { lock.unlock() }
        ended = true
    }

    var hasEnded: Bool {
        lock.lock(); defer { lock.unlock() }
        return ended
    }

    /// Steps waiting for an event (resumed by `record`, never by a clock).
    private var waiters: [(matches: @Sendable (RiderChatEvent) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    func record(_ event: RiderChatEvent) {
        lock.lock()
        events.append(event)
        let ready = waiters.filter { $0.matches(event) }
        waiters.removeAll { $0.matches(event) }
        lock.unlock()
        ready.forEach { $0.continuation.resume() }
    }

    /// Returns once an event that matches has been recorded (at once when one already was). A step waiting for an
    /// event that never comes is ended by the step timeout, so it fails.
    func waitFor(_ matches: @escaping @Sendable (RiderChatEvent) -> Bool) async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if events.contains(where: matches) {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append((matches, continuation))
                lock.unlock()
            }
        }
    }

    var all: [RiderChatEvent] {
        lock.lock(); defer { lock.unlock() }
        return events
    }

    func takeNew() -> [RiderChatEvent] {
        lock.lock(); defer { lock.unlock() }
        let new = Array(events[applied...])
        applied = events.count
        return new
    }
}

/// The phone's network between an app and the chat service: can be offline, or lose the answer to a
/// message the service did receive (a Wi-Fi → cellular handover), or let the scenario look at the
/// screen while a message is on its way.
final class RiderChatSpecNetwork: RiderChatTransport {
    var isOnline = true
    var dropNextReply = false
    var whileSending: (() -> Void)?
    /// Runs once while the next message is on its way, and may call back into the app (the phone reporting
    /// connectivity again during a network handover).
    var onceWhileSending: (() async -> Void)?
    /// How many of the next sends time out before reaching the service (a flaky connection).
    var sendsTimingOut = 0
    /// Called when the connection drops: the app's live subscription goes down with it.
    var onConnectionLost: (() -> Void)?
    private let transport: RiderChatTransport

    init(transport: RiderChatTransport) { self.transport = transport }

    func join(orderID: String, as user: RiderChatUser) async throws -> RiderChatRoomSnapshot {
        try checkOnline()
        return try await transport.join(orderID: orderID, as: user)
    }

    func history(orderID: String, as user: RiderChatUser, before sequence: Int) async throws -> RiderChatHistoryPage {
        try checkOnline()
        return try await transport.history(orderID: orderID, as: user, before: sequence)
    }

    /// Every message the app handed to the network, delivered or not.
    private(set) var sendsAttempted = 0

    func send(_ request: RiderChatSendRequest) async throws -> RiderChatMessage {
        sendsAttempted += 1
        whileSending?()
        if let once = onceWhileSending {
            onceWhileSending = nil
            await once()
        }
        try checkOnline()
        if sendsTimingOut > 0 {
            sendsTimingOut -= 1
            throw URLError(.timedOut)
        }
        guard dropNextReply else { return try await transport.send(request) }
        // The service gets the message, but the connection is gone before anything comes back.
        dropNextReply = false
        isOnline = false
        onConnectionLost?()
        _ = try await transport.send(request)
        throw URLError(.networkConnectionLost)
    }

    private func checkOnline() throws {
        guard isOnline else { throw URLError(.notConnectedToInternet) }
    }
}
