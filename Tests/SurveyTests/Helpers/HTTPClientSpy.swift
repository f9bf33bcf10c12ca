import Foundation
import Survey

/// Records every request and answers with the next stubbed result (or a 200 with empty body).
actor HTTPClientSpy: HTTPClient {
    enum ReceivedMessage: Equatable {
        case send(HTTPRequest)
    }

    private(set) var messages: [ReceivedMessage] = []
    private var results: [Result<(Data, HTTPResponse), Error>] = []

    var requests: [HTTPRequest] {
        messages.map { message in
            switch message {
            case let .send(request): request
            }
        }
    }

    func stub(_ result: Result<(Data, HTTPResponse), Error>) {
        results.append(result)
    }

    func stub(statusCode: Int, data: Data) {
        results.append(.success((data, HTTPResponse(statusCode: statusCode))))
    }

    func stub(error: Error) {
        results.append(.failure(error))
    }

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        messages.append(.send(request))
        guard !results.isEmpty else { return (Data(), HTTPResponse(statusCode: 200)) }
        return try results.removeFirst().get()
    }
}

/// An `HTTPClient` whose requests wait until the test completes them: lets tests line up concurrent callers.
actor SuspendingHTTPClient: HTTPClient {
    private(set) var requests: [HTTPRequest] = []
    private var pending: [CheckedContinuation<(Data, HTTPResponse), Error>] = []

    var pendingCount: Int { pending.count }

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        requests.append(request)
        return try await withCheckedThrowingContinuation { pending.append($0) }
    }

    func complete(statusCode: Int = 200, data: Data, at index: Int = 0) {
        pending.remove(at: index).resume(returning: (data, HTTPResponse(statusCode: statusCode)))
    }

    func completeAll(statusCode: Int = 200, data: Data) {
        while !pending.isEmpty { complete(statusCode: statusCode, data: data) }
    }

    func completeAll(with error: Error) {
        while !pending.isEmpty { complete(with: error) }
    }

    func complete(with error: Error, at index: Int = 0) {
        pending.remove(at: index).resume(throwing: error)
    }
}
