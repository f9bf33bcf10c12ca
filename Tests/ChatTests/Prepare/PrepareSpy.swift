import Foundation

@testable import Chat

/// One spy for every boundary of the start-up flow, so tests can check the order of the calls.
final class PrepareSpy: AppIdStore, UserTokenStore, STSClient, ChatSDKClient, ChatIdentityStore, ChatIdentityRegistry,
    ChatConversationSettings
{
    enum ReceivedMessage: Equatable {
        case retrieveAppId
        case insertAppId(String)
        case retrieveToken
        case insertToken(String)
        case requestMetadata
        case requestToken(appId: String)
        case initialize(appId: String)
        case login(userId: String, token: String)
        case logout
        case retrieveIdentity
        case deleteAppId, deleteToken, deleteIdentity
        case insertIdentity(String)
        case registerIdentity(userId: String)
    }

    private(set) var messages: [ReceivedMessage] = []

    var storedAppId: String?
    var storedToken: String?
    var metadataResults: [Result<STSMetadata, Error>] = []
    var tokenResults: [Result<String, Error>] = []
    var initializeResults: [Result<Void, Error>] = []
    var loginResults: [Result<Void, Error>] = []
    var storedIdentity: String?
    var identityResults: [Result<String, Error>] = []

    func retrieveAppId() -> String? { messages.append(.retrieveAppId); return storedAppId }
    func insert(appId: String) { messages.append(.insertAppId(appId)); storedAppId = appId }
    func retrieveToken() -> String? { messages.append(.retrieveToken); return storedToken }
    func insert(token: String) { messages.append(.insertToken(token)); storedToken = token }

    func requestMetadata() async throws -> STSMetadata {
        messages.append(.requestMetadata)
        return try next(&metadataResults, orFail: "requestMetadata").get()
    }

    func requestToken(appId: String) async throws -> String {
        messages.append(.requestToken(appId: appId))
        return try next(&tokenResults, orFail: "requestToken").get()
    }

    func initialize(appId: String) async throws {
        messages.append(.initialize(appId: appId))
        try next(&initializeResults, orFail: "initialize").get()
    }

    func login(userId: String, token: String) async throws {
        messages.append(.login(userId: userId, token: token))
        try next(&loginResults, orFail: "login").get()
    }

    var logoutError: Error?
    private(set) var conversationUserIds: [String] = []
    func setUserId(_ userId: String) { conversationUserIds.append(userId) }
    func logout() async throws {
        messages.append(.logout)
        if let logoutError { throw logoutError }
    }

    func deleteAppId() { messages.append(.deleteAppId); storedAppId = nil }
    func deleteToken() { messages.append(.deleteToken); storedToken = nil }
    func deleteIdentity() { messages.append(.deleteIdentity); storedIdentity = nil }
    func retrieveIdentity() -> String? { messages.append(.retrieveIdentity); return storedIdentity }
    func insert(identity: String) { messages.append(.insertIdentity(identity)); storedIdentity = identity }

    func registerIdentity(userId: String) async throws -> String {
        messages.append(.registerIdentity(userId: userId))
        return try next(&identityResults, orFail: "registerIdentity").get()
    }

    /// An unplanned call fails loudly instead of succeeding by accident.
    private func next<T>(_ results: inout [Result<T, Error>], orFail call: String) -> Result<T, Error> {
        guard !results.isEmpty else { return .failure(UnexpectedCall(name: call)) }
        return results.removeFirst()
    }

    struct UnexpectedCall: Error { let name: String }
}

struct AnyError: Error {}

/// A failure of STS that may pass on another try (STS could not be reached).
struct UnreachableError: TransientSTSFailure { var isTransient: Bool { true } }

enum JWT {
    /// An unsigned JWT whose payload carries `exp`.
    static func token(expiringAt date: Date, userId: String? = nil) -> String {
        let header = base64URL(#"{"alg":"none","typ":"JWT"}"#)
        let user = userId.map { #","userId":"\#($0)""# } ?? ""
        let payload = base64URL(#"{"sub":"customer-1","exp":\#(Int(date.timeIntervalSince1970))\#(user)}"#)
        return "\(header).\(payload).signature"
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
