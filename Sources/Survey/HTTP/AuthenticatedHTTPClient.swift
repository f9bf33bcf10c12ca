import Foundation

/// Decorates an `HTTPClient`: every request carries the `Authorization` header of a valid token,
/// renewed through the `TokenProvider` when the cached one has expired.
public final class AuthenticatedHTTPClient: HTTPClient {
    private let decoratee: any HTTPClient
    private let tokenProvider: TokenProvider

    public init(decoratee: any HTTPClient, tokenProvider: TokenProvider) {
        self.decoratee = decoratee
        self.tokenProvider = tokenProvider
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let token: Token
        do {
            token = try await tokenProvider.validToken()
        } catch {
            throw AuthorizationError(underlying: error)
        }
        var signed = request
        signed.headers["Authorization"] = token.authorizationHeader
        return try await decoratee.send(signed)
    }
}
