import Foundation

/// Where the app keeps the chat application id between launches.
public protocol AppIdStore: AnyObject {
    func retrieveAppId() -> String?
    func insert(appId: String)
    func deleteAppId()
}

/// Where the app keeps the customer's chat token (a JWT) between launches.
public protocol UserTokenStore: AnyObject {
    func retrieveToken() -> String?
    func insert(token: String)
    func deleteToken()
}

/// Why the STS token API refused to give a token (the other failures are not the user's to act on).
public enum STSRefusal: Error, Equatable, Sendable {
    /// HTTP 401: the customer's myCWT sign-in is no longer accepted.
    case unauthorized
    /// HTTP 404: STS knows no chat vendor for the customer's company.
    case unknownVendor
}

/// A failure of an STS request that may pass when the request is sent again: STS could not be reached (a
/// transport failure). The original retries the token request for these only, never for an HTTP status.
public protocol TransientSTSFailure: Error {
    var isTransient: Bool { get }
}

/// The STS back end: the metadata API (gives the chat app id) and the token API (which throws `STSRefusal` when
/// it refuses the customer).
public protocol STSClient: AnyObject {
    func requestMetadata() async throws -> STSMetadata
    func requestToken(appId: String) async throws -> String
}

public struct STSMetadata: Equatable, Sendable {
    public let appId: String
    public init(appId: String) { self.appId = appId }
}

/// The third-party chat SDK ("ChatClient" in the specification).
public protocol ChatSDKClient: AnyObject {
    func initialize(appId: String) async throws
    /// Logs in the chat user the token names (its `userId` claim), with the token.
    func login(userId: String, token: String) async throws
    func logout() async throws
}

/// Where the app keeps the id the identity store gave the customer (registered once per device).
public protocol ChatIdentityStore: AnyObject {
    func retrieveIdentity() -> String?
    func insert(identity: String)
    func deleteIdentity()
}

/// The identity store API: registers the chat user (the JWT's `userId` claim) and answers with his external id.
public protocol ChatIdentityRegistry: AnyObject {
    func registerIdentity(userId: String) async throws -> String
}
