import Foundation

/// The order lifecycle states that govern the customer ↔ rider chat (REQ-FUN-017).
public enum RiderChatOrderStatus: String, Sendable, Equatable, CaseIterable {
    case pendingVendorAcceptance = "Pending Vendor Acceptance"
    case preparing = "Preparing"
    case inTransit = "In Transit"
    case delivered = "Delivered"
    case cancelled = "Cancelled"

    /// Delivered or Cancelled: the chat is read-only from then on (BR-CHAT-002).
    public var isClosed: Bool { self == .delivered || self == .cancelled }

    /// The document's display name, e.g. "In Transit".
    public var displayName: String { rawValue }

    /// Reads a display name such as "In Transit" or "in transit".
    public init?(displayName: String) {
        let wanted = displayName.trimmingCharacters(in: .whitespaces).lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
        self = match
    }
}

/// The rider assigned to an order (REQ-FUN-018).
public struct RiderChatRider: Sendable, Equatable, Hashable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the chat needs to know about an order, as the Order Management service reports it.
public struct RiderChatOrder: Sendable, Equatable {
    public let id: String
    public let customerID: String
    public var status: RiderChatOrderStatus
    public var rider: RiderChatRider?
    /// The customer's name as the order has it (the rider's header shows the first name).
    public let customerName: String?

    public init(id: String, customerID: String, status: RiderChatOrderStatus, rider: RiderChatRider? = nil, customerName: String? = nil) {
        self.id = id
        self.customerID = customerID
        self.status = status
        self.rider = rider
        self.customerName = customerName
    }

    /// The first word of the customer's name ("Ana" for "Ana Lima"); nil when the order has no name.
    public var customerFirstName: String? {
        customerName?.split(whereSeparator: \.isWhitespace).first.map(String.init)
    }

    /// The chat exists once the order is (or was) In Transit with a rider: it is open while In Transit
    /// and read-only after Delivered or Cancelled.
    public var hasChat: Bool {
        guard rider != nil else { return false }
        return status == .inTransit || status.isClosed
    }
}
