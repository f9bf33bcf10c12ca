import Chat
import Foundation

/// A cache kept in memory (tests, demos); an app would keep it on disk.
public final class InMemoryOfflineHistoryCache: OfflineHistoryCache {
    public private(set) var snapshot: OfflineHistorySnapshot?
    public init(snapshot: OfflineHistorySnapshot? = nil) { self.snapshot = snapshot }
    public func load() -> OfflineHistorySnapshot? { snapshot }
    public func save(_ snapshot: OfflineHistorySnapshot) { self.snapshot = snapshot }
    public func clear() { snapshot = nil }
}
