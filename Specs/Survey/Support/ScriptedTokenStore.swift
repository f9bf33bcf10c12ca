import DomainTestSupport
import Foundation
import Survey

/// The token store at the boundary: a real store underneath (memory or file), with switches to make deleting or
/// saving fail, and a log of what the app asked of it.
actor ScriptedTokenStore: TokenStore {
    enum ReceivedMessage: Equatable {
        case retrieve, insert, delete
    }

    enum Failure: Error, Equatable, CustomStringConvertible {
        case deletion, saving

        var description: String {
            switch self {
            case .deletion: "the store could not delete the token"
            case .saving: "the store could not save the token"
            }
        }
    }

    private(set) var backing: any TokenStore = InMemoryTokenStore()
    private(set) var messages: [ReceivedMessage] = []
    private var failsToDelete = false
    private var failsToSave = false

    func use(_ store: any TokenStore) { backing = store }
    func failDeleting() { failsToDelete = true }
    func failSaving() { failsToSave = true }

    /// Puts bytes in the store as a previous launch would have, without logging it.
    func seed(_ data: Data) async throws { try await backing.insert(data) }

    func retrieve() async throws -> Data? {
        messages.append(.retrieve)
        return try await backing.retrieve()
    }

    func insert(_ data: Data) async throws {
        messages.append(.insert)
        if failsToSave { throw Failure.saving }
        try await backing.insert(data)
    }

    func delete() async throws {
        messages.append(.delete)
        if failsToDelete { throw Failure.deletion }
        try await backing.delete()
    }
}
