import Foundation

/// An OAuth token as the app keeps it: what to send, how to renew it, and until when it is valid.
public struct Token: Codable, Equatable, Sendable {
    public let accessToken: String
    public let tokenType: String
    public let refreshToken: String
    public let expiryDate: Date

    public init(accessToken: String, tokenType: String, refreshToken: String, expiryDate: Date) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiryDate = expiryDate
    }

    /// A token is valid strictly before its expiry date: at the expiry instant it must be renewed.
    public func isValid(at date: Date) -> Bool {
        date < expiryDate
    }

    /// The value of the `Authorization` header, e.g. `Bearer abc`.
    public var authorizationHeader: String {
        "\(tokenType) \(accessToken)"
    }
}
