import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPClient` backed by `URLSession`: any transport failure becomes `URLSessionHTTPClient.Error.connectivity`.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession

    public enum Error: Swift.Error, Equatable {
        case connectivity(String)
        case unexpectedResponse
    }

    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw Error.connectivity(error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else { throw Error.unexpectedResponse }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key)] = String(describing: value)
        }
        return (data, HTTPResponse(statusCode: http.statusCode, headers: headers))
    }
}
