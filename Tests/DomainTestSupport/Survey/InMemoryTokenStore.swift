import Foundation
import Survey

/// A `TokenStore` that keeps the bytes in memory: for tests, previews and the specs.
public actor InMemoryTokenStore: TokenStore {
    private var data: Data?

    public init(data: Data? = nil) {
        self.data = data
    }

    public func retrieve() async throws -> Data? { data }

    public func insert(_ data: Data) async throws { self.data = data }

    public func delete() async throws { data = nil }
}
