import Foundation

/// A push notification the chat asks the Notification Service (FCM) to deliver.
public struct RiderChatPushNotification: Sendable, Equatable {
    public let recipientUserID: String
    public let orderID: String
    public let title: String
    /// The message text trimmed to `RiderChatPushPreview.length` characters.
    public let body: String
    public let messageSequence: Int

    public init(recipientUserID: String, orderID: String, title: String, body: String, messageSequence: Int) {
        self.recipientUserID = recipientUserID
        self.orderID = orderID
        self.title = title
        self.body = body
        self.messageSequence = messageSequence
    }
}

/// The boundary to the push notification service.
public protocol PushNotifier: Sendable {
    func requestPush(_ notification: RiderChatPushNotification)
}

/// The preview of a message in a push notification: the first 80 characters, followed by "…" when
/// the message is longer (so a notification stays on two lines on common phones).
public enum RiderChatPushPreview {
    public static let length = 80

    public static func make(from text: String) -> String {
        guard text.count > length else { return text }
        let cut = text.prefix(length).trimmingCharacters(in: .whitespaces)
        return cut + "…"
    }
}
