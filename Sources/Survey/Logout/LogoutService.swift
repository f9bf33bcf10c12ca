import Foundation

/// Logout use case: clears the cached token; returning normally is the success message.
public struct LogoutService: Sendable {
    private let store: any TokenStore

    public init(store: any TokenStore) {
        self.store = store
    }

    public func logout() async throws {
        try await store.delete()
    }
}
