import Foundation

/// Load Surveys From Remote use case: `GET url?page[number]=N&page[size]=S`, validate, deliver the items.
/// Delivers `Error.connectivity` or `Error.invalidData`; when the client could not authorize the request
/// (`AuthorizationError`), delivers the token error itself (`LocalTokenLoader.Error`, `RemoteTokenLoader.Error`).
public final class RemoteSurveysLoader: Sendable {
    private let url: URL
    private let client: any HTTPClient

    public enum Error: Swift.Error, Equatable {
        case connectivity
        case invalidData
    }

    public init(url: URL, client: any HTTPClient) {
        self.url = url
        self.client = client
    }

    public func load(page: Int, size: Int) async throws -> [SurveyItem] {
        let request = HTTPRequest(
            method: .get, url: Self.pageURL(url, page: page, size: size),
            headers: ["Accept": "application/json"])
        let (data, response): (Data, HTTPResponse)
        do {
            (data, response) = try await client.send(request)
        } catch let error as AuthorizationError {
            // No valid token (none cached, renewal failed): deliver why, so the app can ask to log in again.
            throw error.underlying
        } catch {
            throw Error.connectivity
        }
        do {
            return try SurveyItemsMapper.map(data, response)
        } catch {
            throw Error.invalidData
        }
    }

    static func pageURL(_ url: URL, page: Int, size: Int) -> URL {
        // The absolute string: a URL relative to a base keeps its base.
        guard var components = URLComponents(string: url.absoluteString) else { return url }
        let paging = [
            URLQueryItem(name: "page[number]", value: String(page)),
            URLQueryItem(name: "page[size]", value: String(size)),
        ]
        components.queryItems = (components.queryItems ?? []).filter { !$0.name.hasPrefix("page[") } + paging
        return components.url ?? url
    }
}
