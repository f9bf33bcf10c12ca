import Foundation
import Survey

/// Records what the use cases ask of the store; each operation can be stubbed to fail.
actor TokenStoreSpy: TokenStore {
    enum ReceivedMessage: Equatable {
        case retrieve
        case insert(Data)
        case delete
    }

    private(set) var messages: [ReceivedMessage] = []
    private var retrieval: Result<Data?, Error> = .success(nil)
    private var insertionError: Error?
    private var deletionError: Error?

    func stubRetrieval(_ result: Result<Data?, Error>) { retrieval = result }
    func stubInsertionError(_ error: Error) { insertionError = error }
    func stubDeletionError(_ error: Error) { deletionError = error }

    func retrieve() async throws -> Data? {
        messages.append(.retrieve)
        return try retrieval.get()
    }

    func insert(_ data: Data) async throws {
        messages.append(.insert(data))
        if let insertionError { throw insertionError }
    }

    func delete() async throws {
        messages.append(.delete)
        if let deletionError { throw deletionError }
    }
}
