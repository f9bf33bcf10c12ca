import Foundation

/// Load Token From Remote use case: exchange a refresh token for a new token (`grant_type=refresh_token`).
public final class RemoteTokenLoader: Sendable {
    private let url: URL
    private let client: any HTTPClient
    private let credentials: ClientCredentials
    private let currentDate: @Sendable () -> Date

    public enum Error: Swift.Error, Equatable {
        case connectivity
        case invalidData
    }

    public init(url: URL, client: any HTTPClient, credentials: ClientCredentials, currentDate: @escaping @Sendable () -> Date) {
        self.url = url
        self.client = client
        self.credentials = credentials
        self.currentDate = currentDate
    }

    public func load(refreshToken: String) async throws -> Token {
        let request = TokenRequest.make(url: url, fields: [
            ("grant_type", "refresh_token"),
            ("refresh_token", refreshToken),
            ("client_id", credentials.clientID),
            ("client_secret", credentials.clientSecret),
        ])
        let (data, response): (Data, HTTPResponse)
        do {
            (data, response) = try await client.send(request)
        } catch {
            throw Error.connectivity
        }
        do {
            return try TokenResponseMapper.map(data, response, receivedAt: currentDate())
        } catch {
            throw Error.invalidData
        }
    }
}
