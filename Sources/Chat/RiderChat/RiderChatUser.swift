import Foundation

/// Someone using the chat: the order's customer, a rider, or an administrator (BR-CHAT-003).
public struct RiderChatUser: Sendable, Equatable, Hashable {
    public enum Role: String, Sendable, Equatable, Hashable {
        case customer
        case rider
        case administrator
    }

    public let id: String
    public let role: Role

    public init(id: String, role: Role) {
        self.id = id
        self.role = role
    }

    public static func customer(_ id: String) -> RiderChatUser { RiderChatUser(id: id, role: .customer) }
    public static func rider(_ id: String) -> RiderChatUser { RiderChatUser(id: id, role: .rider) }
    public static func administrator(_ id: String) -> RiderChatUser { RiderChatUser(id: id, role: .administrator) }
}
