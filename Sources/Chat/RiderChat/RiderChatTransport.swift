import Foundation

/// How a chat app reaches the chat service (WSS in production). Errors that are `RiderChatError` are
/// refusals by the service; any other error means the message may not have arrived and is retried.
public protocol RiderChatTransport {
    func join(orderID: String, as user: RiderChatUser) async throws -> RiderChatRoomSnapshot
    func history(orderID: String, as user: RiderChatUser, before sequence: Int) async throws -> RiderChatHistoryPage
    func send(_ request: RiderChatSendRequest) async throws -> RiderChatMessage
}

/// Connects an app straight to an in-process `OrderChatService` (tests, demos, benchmarks).
public struct OrderChatServiceTransport: RiderChatTransport, Sendable {
    private let service: OrderChatService

    public init(service: OrderChatService) { self.service = service }

    public func join(orderID: String, as user: RiderChatUser) async throws -> RiderChatRoomSnapshot {
        try service.join(orderID: orderID, as: user)
    }

    public func history(orderID: String, as user: RiderChatUser, before sequence: Int) async throws -> RiderChatHistoryPage {
        try service.history(orderID: orderID, as: user, before: sequence)
    }

    public func send(_ request: RiderChatSendRequest) async throws -> RiderChatMessage {
        try service.send(request)
    }
}
