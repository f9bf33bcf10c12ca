import Foundation

/// The OAuth token endpoint both grants go through (login: `password`, renewal: `refresh_token`):
/// `POST` the grant's fields followed by the client credentials, and map the answer to a `Token`
/// that expires `expires_in` seconds after it was received.
struct TokenEndpoint: Sendable {
    let url: URL
    let client: any HTTPClient
    let credentials: ClientCredentials
    let currentDate: @Sendable () -> Date

    enum Failure: Error, Equatable {
        /// The request never got an answer.
        case connectivity
        /// The server refused the grant (HTTP 400 or 401).
        case refused
        /// Any other answer the app cannot read.
        case invalidData
    }

    func requestToken(grant: [(String, String)]) async throws(Failure) -> Token {
        let request = TokenRequest.make(
            url: url,
            fields: grant + [
                ("client_id", credentials.clientID),
                ("client_secret", credentials.clientSecret),
            ])
        let (data, response): (Data, HTTPResponse)
        do {
            (data, response) = try await client.send(request)
        } catch {
            throw .connectivity
        }
        if response.statusCode == 400 || response.statusCode == 401 {
            throw .refused
        }
        do {
            return try TokenResponseMapper.map(data, response, receivedAt: currentDate())
        } catch {
            throw .invalidData
        }
    }
}
