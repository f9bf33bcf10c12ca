import Foundation

/// Load Token From Remote use case: exchange a refresh token for a new token (`grant_type=refresh_token`).
public final class RemoteTokenLoader: Sendable {
    private let endpoint: TokenEndpoint

    public enum Error: Swift.Error, Equatable {
        case connectivity
        case invalidData
    }

    public init(url: URL, client: any HTTPClient, credentials: ClientCredentials, currentDate: @escaping @Sendable () -> Date) {
        endpoint = TokenEndpoint(url: url, client: client, credentials: credentials, currentDate: currentDate)
    }

    public func load(refreshToken: String) async throws -> Token {
        do {
            return try await endpoint.requestToken(grant: [
                ("grant_type", "refresh_token"),
                ("refresh_token", refreshToken),
            ])
        } catch .connectivity {
            throw Error.connectivity
        } catch .refused, .invalidData {
            // A refused refresh token is an answer the renewal cannot use, like any other.
            throw Error.invalidData
        }
    }
}
