import Chat
import Foundation

/// A notification service that keeps every push it is asked for, in order, instead of delivering it:
/// the push side of the in-memory chat (acceptance specs, demos, tests), next to `InMemoryRealtimeChatServer`.
public final class InMemoryPushNotifier: PushNotifier, @unchecked Sendable {
    // @unchecked: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: [RiderChatPushNotification] = []

    public init() {}

    /// Every push requested so far, oldest first.
    public var requests: [RiderChatPushNotification] {
        lock.lock(); defer { lock.unlock() }
        return storage
    }

    public func requestPush(_ notification: RiderChatPushNotification) {
        lock.lock(); defer { lock.unlock() }
        storage.append(notification)
    }
}
