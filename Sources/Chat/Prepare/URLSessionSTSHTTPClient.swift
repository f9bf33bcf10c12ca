import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `STSHTTPClient` over URLSession (the app's production wiring).
public final class URLSessionSTSHTTPClient: STSHTTPClient {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }
}
