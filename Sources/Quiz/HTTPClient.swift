import Foundation

/// What came back from the server: the status code and the body.
public struct HTTPResponse: Equatable, Sendable {
    public let statusCode: Int
    public let body: Data

    public init(statusCode: Int, body: Data) {
        self.statusCode = statusCode
        self.body = body
    }
}

/// The boundary to the network: one GET.
/// Throws when no response arrives (no connectivity, refused, dropped connection).
public protocol HTTPClient: Sendable {
    func get(from url: URL) async throws -> HTTPResponse
}
