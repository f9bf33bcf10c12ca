import Foundation

/// The predefined messages each party can send with one tap (REQ-FUN-020).
public enum RiderChatQuickReplies {
    public static let customer = [
        "Please leave it at the door",
        "Please ring the bell",
        "I am coming down",
        "Please call me when you arrive",
    ]

    public static let rider = [
        "I am arriving now",
        "I am outside",
        "I can't find the address",
        "Running a few minutes late",
    ]

    public static func replies(for role: RiderChatUser.Role) -> [String] {
        switch role {
        case .customer: return customer
        case .rider: return rider
        case .administrator: return []
        }
    }
}
