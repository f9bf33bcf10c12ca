import Foundation

/// Login use case: `POST` the password grant, validate the response, create and deliver the token.
public final class RemoteLoginService: Sendable {
    private let url: URL
    private let client: any HTTPClient
    private let credentials: ClientCredentials
    private let currentDate: @Sendable () -> Date

    public enum Error: Swift.Error, Equatable {
        /// The request never got an answer (no network, server down, timeout).
        case connectivity
        /// The server refused the email/password pair (HTTP 400 or 401).
        case invalidCredentials
        /// The server answered something the app cannot read.
        case invalidData
    }

    public init(url: URL, client: any HTTPClient, credentials: ClientCredentials, currentDate: @escaping @Sendable () -> Date) {
        self.url = url
        self.client = client
        self.credentials = credentials
        self.currentDate = currentDate
    }

    public func login(email: String, password: String) async throws -> Token {
        let request = TokenRequest.make(url: url, fields: [
            ("grant_type", "password"),
            ("email", email),
            ("password", password),
            ("client_id", credentials.clientID),
            ("client_secret", credentials.clientSecret),
        ])
        let (data, response): (Data, HTTPResponse)
        do {
            (data, response) = try await client.send(request)
        } catch {
            throw Error.connectivity
        }
        if response.statusCode == 400 || response.statusCode == 401 {
            throw Error.invalidCredentials
        }
        do {
            return try TokenResponseMapper.map(data, response, receivedAt: currentDate())
        } catch {
            throw Error.invalidData
        }
    }
}
