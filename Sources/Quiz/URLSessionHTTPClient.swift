import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPClient` on top of `URLSession`.
public final class URLSessionHTTPClient: HTTPClient {
    /// The session delivered something that is not an HTTP response.
    public struct UnexpectedValuesRepresentation: Swift.Error {}

    private let session: URLSession

    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func get(from url: URL) async throws -> HTTPResponse {
        let (data, response) = try await session.data(for: URLRequest(url: url))
        guard let http = response as? HTTPURLResponse else { throw UnexpectedValuesRepresentation() }
        return HTTPResponse(statusCode: http.statusCode, body: data)
    }
}
