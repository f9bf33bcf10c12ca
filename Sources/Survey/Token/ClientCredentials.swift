import Foundation

/// The application's OAuth client: sent with every token request.
public struct ClientCredentials: Equatable, Sendable {
    public let clientID: String
    public let clientSecret: String

    public init(clientID: String, clientSecret: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
    }
}
