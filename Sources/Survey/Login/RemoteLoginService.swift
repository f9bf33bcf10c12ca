import Foundation

/// Login use case: `POST` the password grant, validate the response, create and deliver the token.
public final class RemoteLoginService: Sendable {
    private let endpoint: TokenEndpoint

    public enum Error: Swift.Error, Equatable {
        /// The request never got an answer (no network, server down, timeout).
        case connectivity
        /// The server refused the email/password pair (HTTP 400 or 401).
        case invalidCredentials
        /// The server answered something the app cannot read.
        case invalidData
    }

    public init(url: URL, client: any HTTPClient, credentials: ClientCredentials, currentDate: @escaping @Sendable () -> Date) {
        endpoint = TokenEndpoint(url: url, client: client, credentials: credentials, currentDate: currentDate)
    }

    public func login(email: String, password: String) async throws -> Token {
        do {
            return try await endpoint.requestToken(grant: [
                ("grant_type", "password"),
                ("email", email),
                ("password", password),
            ])
        } catch .connectivity {
            throw Error.connectivity
        } catch .refused {
            throw Error.invalidCredentials
        } catch .invalidData {
            throw Error.invalidData
        }
    }
}
