import Chat
import Foundation
import SpecRun

/// One scenario of the myCWT start-up flow: the real `ChatPreparer` and `ChatEntryPoint`, with the STS back end,
/// the local storage and the chat SDK replaced by `PrepareBackendFake`, and a clock the scenario sets.
final class ChatPrepareWorld: World {
    var now = Date(timeIntervalSince1970: 1_795_000_000)
    var connected = true
    let backend = PrepareBackendFake()
    let bubble = ChatBubbleRecorder()
    var outcome: Result<Void, ChatPrepareError>?
    /// How many calls the back end had received when the chat became ready.
    var callsWhenReady: Int?

    required init() {}

    lazy var preparer = ChatPreparer(
        appIdStore: backend, tokenStore: backend, sts: backend, client: backend,
        currentDate: { [unowned self] in self.now })

    lazy var entryPoint = ChatEntryPoint(
        preparer: preparer, isConnected: { [unowned self] in self.connected }, view: bubble)

    func prepare() async {
        do {
            try await preparer.prepare()
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
    }
}

/// Records what the chat bubble showed, in order.
final class ChatBubbleRecorder: ChatBubbleView {
    private(set) var shown: [ChatBubbleViewModel] = []
    func display(_ viewModel: ChatBubbleViewModel) { shown.append(viewModel) }
}

/// The STS back end, the device storage and the chat SDK as one fake that records every call in order.
final class PrepareBackendFake: AppIdStore, UserTokenStore, STSClient, ChatSDKClient {
    enum Call: Equatable {
        case requestMetadata, requestToken(appId: String), initialize(appId: String), login(token: String), logout
    }

    struct Failure: Error {}

    private(set) var calls: [Call] = []
    private(set) var retrievedToken = false
    private(set) var issuedTokens: [String] = []
    var appId: String?
    var token: String?

    var metadataResults: [String?] = []          // nil = the request fails
    var metadataFallback: String? = "cwt-app-1"  // after the planned results
    var tokenFailsAlways = false
    var tokenExpiry = Date(timeIntervalSince1970: 1_795_000_000 + 86_400)
    var initializeFailuresLeft = 0
    var loginFailuresLeft = 0
    /// Runs once while the next STS-metadata request is on its way (the customer acting meanwhile).
    var whileRequestingMetadata: (() async -> Void)?

    func retrieveAppId() -> String? { appId }
    func insert(appId: String) { self.appId = appId }
    func retrieveToken() -> String? { retrievedToken = true; return token }
    func insert(token: String) { self.token = token }

    func requestMetadata() async throws -> STSMetadata {
        calls.append(.requestMetadata)
        if let action = whileRequestingMetadata {
            whileRequestingMetadata = nil
            await action()
        }
        let result = metadataResults.isEmpty ? metadataFallback : metadataResults.removeFirst()
        guard let appId = result else { throw Failure() }
        return STSMetadata(appId: appId)
    }

    func requestToken(appId: String) async throws -> String {
        calls.append(.requestToken(appId: appId))
        if tokenFailsAlways { throw Failure() }
        let token = JWTFactory.token(subject: "sts-token-\(issuedTokens.count + 1)", expiringAt: tokenExpiry)
        issuedTokens.append(token)
        return token
    }

    func initialize(appId: String) async throws {
        calls.append(.initialize(appId: appId))
        if initializeFailuresLeft > 0 { initializeFailuresLeft -= 1; throw Failure() }
    }

    func login(token: String) async throws {
        calls.append(.login(token: token))
        if loginFailuresLeft > 0 { loginFailuresLeft -= 1; throw Failure() }
    }

    func logout() async { calls.append(.logout) }

    var metadataRequests: Int { calls.filter { $0 == .requestMetadata }.count }
    var tokenRequests: [Call] { calls.filter { if case .requestToken = $0 { true } else { false } } }
    var clientCalls: [Call] {
        calls.filter { switch $0 { case .initialize, .login, .logout: true; default: false } }
    }
}

enum JWTFactory {
    /// An unsigned JWT with `sub` and `exp`.
    static func token(subject: String, expiringAt date: Date) -> String {
        let header = base64URL(#"{"alg":"none","typ":"JWT"}"#)
        let payload = base64URL(#"{"sub":"\#(subject)","exp":\#(Int(date.timeIntervalSince1970))}"#)
        return "\(header).\(payload).unsigned"
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

enum ISODate {
    static func parse(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else {
            throw fail("\"\(text)\" is not an ISO 8601 date like \"2026-11-22T08:00:00Z\"")
        }
        return date
    }
}
