import Foundation

/// Where the app keeps the chat application id between launches.
public protocol AppIdStore: AnyObject {
    func retrieveAppId() -> String?
    func insert(appId: String)
}

/// Where the app keeps the customer's chat token (a JWT) between launches.
public protocol UserTokenStore: AnyObject {
    func retrieveToken() -> String?
    func insert(token: String)
}

/// Why the STS token API refused to give a token (the other failures are not the user's to act on).
public enum STSRefusal: Error, Equatable, Sendable {
    /// HTTP 401: the customer's myCWT sign-in is no longer accepted.
    case unauthorized
    /// HTTP 404: STS knows no chat vendor for the customer's company.
    case unknownVendor
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
    func login(token: String) async throws
    func logout() async
}
