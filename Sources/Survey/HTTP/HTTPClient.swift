import Foundation

/// The boundary to the network: one request in, the body and status out.
/// Implementations throw only for connectivity problems; every HTTP status is delivered as a response.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)
}

/// A platform-agnostic HTTP request (no FoundationNetworking needed in the domain).
public struct HTTPRequest: Equatable, Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST", delete = "DELETE" }

    public var method: Method
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: Method, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct HTTPResponse: Equatable, Sendable {
    public var statusCode: Int
    public var headers: [String: String]

    public init(statusCode: Int, headers: [String: String] = [:]) {
        self.statusCode = statusCode
        self.headers = headers
    }

    var isOK: Bool { statusCode == 200 }
}

/// Thrown by a client that could not authorize a request (no cached token, renewal refused or unreachable):
/// not a connectivity problem of the request itself, so use cases deliver `underlying` as it is.
public struct AuthorizationError: Error {
    public let underlying: any Error

    public init(underlying: any Error) {
        self.underlying = underlying
    }
}
