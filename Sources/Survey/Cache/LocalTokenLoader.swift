import Foundation

/// Load Token From Cache and Cache Token use cases, over any `TokenStore`.
public struct LocalTokenLoader: Sendable {
    private let store: any TokenStore

    public enum Error: Swift.Error, Equatable {
        /// Nothing is cached: the user has to log in.
        case notFound
        /// What is cached cannot be read as a token.
        case invalidData
    }

    public init(store: any TokenStore) {
        self.store = store
    }

    /// Fetches, validates and delivers the cached token.
    public func load() async throws -> Token {
        guard let data = try await store.retrieve() else { throw Error.notFound }
        guard let local = try? JSONDecoder().decode(LocalToken.self, from: data) else { throw Error.invalidData }
        return local.model
    }

    /// Deletes the old cache, encodes the token and saves it. Store errors are delivered as they are.
    public func save(_ token: Token) async throws {
        try await store.delete()
        let data = try JSONEncoder().encode(LocalToken(token))
        try await store.insert(data)
    }
}

/// The cached representation, decoupled from the domain `Token` so either can evolve.
private struct LocalToken: Codable {
    let access_token: String
    let token_type: String
    let refresh_token: String
    let expiry_date: Double

    init(_ token: Token) {
        access_token = token.accessToken
        token_type = token.tokenType
        refresh_token = token.refreshToken
        expiry_date = token.expiryDate.timeIntervalSince1970
    }

    var model: Token {
        Token(
            accessToken: access_token, tokenType: token_type, refreshToken: refresh_token,
            expiryDate: Date(timeIntervalSince1970: expiry_date))
    }
}
