import Foundation

/// Where the encoded token lives between launches (the Keychain on iOS; a private file or memory here).
public protocol TokenStore: Sendable {
    /// The stored bytes, or `nil` when nothing is stored.
    func retrieve() async throws -> Data?
    func insert(_ data: Data) async throws
    /// Deleting when nothing is stored succeeds.
    func delete() async throws
}
