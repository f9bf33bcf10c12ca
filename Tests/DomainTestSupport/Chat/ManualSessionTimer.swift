import Chat
import Foundation

/// A `SessionTimer` whose time moves only when told: `advance(by:)` runs every action that has come due, in order.
public final class ManualSessionTimer: SessionTimer {
    private var scheduled: [(dueAt: TimeInterval, action: () async -> Void)] = []
    private var elapsed: TimeInterval = 0

    public init() {}

    public var pendingActions: Int { scheduled.count }

    public func schedule(after delay: TimeInterval, _ action: @escaping () async -> Void) {
        scheduled.append((elapsed + delay, action))
    }

    public func advance(by seconds: TimeInterval) async {
        elapsed += seconds
        let due = scheduled.enumerated().filter { $0.element.dueAt <= elapsed }
            .sorted { ($0.element.dueAt, $0.offset) < ($1.element.dueAt, $1.offset) }.map(\.element.action)
        scheduled.removeAll { $0.dueAt <= elapsed }
        for action in due { await action() }
    }
}
