import Chat
import Foundation
import SpecRun

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One scenario of the myCWT start-up flow: the real `ChatPreparer` and `ChatEntryPoint`, with the STS back end,
/// the local storage and the chat SDK replaced by `PrepareBackendFake`, and a clock the scenario sets.
final class ChatPrepareWorld: ScriptedBoundaryWorld {
    /// The user token the scenario saved on the device before anything ran (nil: none was saved).
    var savedToken: String?
    var now = Date(timeIntervalSince1970: 1_795_000_000)
    var connected = true
    let backend = PrepareBackendFake()
    var boundary: ScriptedBoundary { backend.boundary }
    let bubble = ChatBubbleRecorder()
    var outcome: Result<Void, ChatPrepareError>?
    /// How many calls the back end had received when the chat became ready.
    var callsWhenReady: Int?

    required init() {}

    /// The real STS client, talking HTTP to the fake back end.
    lazy var sts = RemoteSTSClient(baseURL: URL(string: "https://sts.mycwt.example")!, client: backend)

    lazy var preparer: ChatPreparer = {
        let preparer = ChatPreparer(
            appIdStore: backend, tokenStore: backend, sts: sts, client: backend,
            identityStore: backend, identityRegistry: sts, currentDate: { [unowned self] in self.now })
        preparer.onTokenUpdated = { [unowned self] token in self.updatedTokens.append(token) }
        preparer.conversationSettings = conversation
        return preparer
    }()
    /// The tokens `onTokenUpdated` reported, in order.
    var updatedTokens: [String] = []
    var renewal: Result<String, ChatPrepareError>?
    /// Whether the last logout of the chat failed.
    var logoutFailed: Bool?

    let conversation = ConversationRecorder()
    lazy var entryPoint = ChatEntryPoint(
        preparer: preparer, isConnected: { [unowned self] in self.connected }, view: bubble, conversation: conversation)

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
final class PrepareBackendFake: AppIdStore, UserTokenStore, ChatIdentityStore, STSHTTPClient, ChatSDKClient {
    enum Call: Equatable {
        case requestMetadata, requestToken(appId: String), initialize(appId: String), login(userId: String, token: String), logout
        case registerIdentity(userId: String, clientType: String)
    }

    struct Failure: Error {}

    private(set) var calls: [Call] = []
    private(set) var retrievedToken = false
    private(set) var issuedTokens: [String] = []
    var appId: String?
    var token: String?

    var metadataResults: [String?] = []  // nil = the request fails
    var metadataFallback: String? = "cwt-app-1"  // after the planned results
    var tokenFailsAlways = false
    /// How many token requests in a row cannot reach STS (a dropped connection) before it answers.
    var tokenUnreachableLeft = 0
    /// The chat user id the tokens STS issues carry (their `userId` claim); nil issues tokens without one.
    var tokenUserId: String? = "traveler-42"
    var identity: String?
    /// The identity store's answer: the external id it gives, or nil when it answers 500.
    var identityExternalId: String? = "ext-traveler-42"
    /// The identity store already has the customer: it answers with the existing record's external id.
    var identityAlreadyRegistered: String?
    /// How many of the next identity requests cannot reach the store.
    var identityUnreachableLeft = 0
    /// The HTTP status of the token API's answers (200 gives a token).
    var tokenStatus = 200
    var tokenExpiry = Date(timeIntervalSince1970: 1_795_000_000 + 86_400)
    var initializeFailuresLeft = 0
    var loginFailuresLeft = 0
    var logoutFails = false
    /// The headers of every token request STS received.
    private(set) var tokenRequestHeaders: [[String: String]] = []
    /// Runs once while the next STS-metadata request is on its way (the customer acting meanwhile).
    var whileRequestingMetadata: (() async -> Void)?

    func retrieveAppId() -> String? { appId }
    func insert(appId: String) { self.appId = appId }
    func retrieveToken() -> String? { retrievedToken = true; return token }
    func insert(token: String) { self.token = token }
    func retrieveIdentity() -> String? { identity }
    func insert(identity: String) { self.identity = identity }
    func deleteAppId() { appId = nil }
    func deleteToken() { token = nil }
    func deleteIdentity() { identity = nil }

    /// The STS back end and the identity store at the boundary, scripted through the shared `ScriptedBoundary`
    /// (endpoints `metadata`, `token`, `identity`); unscripted, they answer as `usualAnswer(to:)` says.
    let boundary = ScriptedBoundary(endpoints: [
        ("metadata", { $0.url.lastPathComponent == "metadata" }),
        ("token", { $0.url.lastPathComponent == "token" }),
        ("identity", { $0.url.lastPathComponent == "identity" }),
    ])

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = try unwrap(request.url)
        let answer = await boundary.receive(
            BoundaryRequest(
                method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:],
                body: request.httpBody ?? Data()))
        let shaped = try await answer.shapeAwaiting {
            let (data, response) = try await usualAnswer(to: request)
            return BoundaryResponse(status: response.statusCode, headers: ["Content-Type": "application/json"], body: data)
        }
        let response = HTTPURLResponse(url: url, statusCode: shaped.status, httpVersion: "HTTP/1.1", headerFields: shaped.headers)!
        return (shaped.body, response)
    }

    /// The STS back end over HTTP: `GET …/sts/metadata` and `POST …/sts/token` with `{"appId": …}`.
    private func usualAnswer(to request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = try unwrap(request.url)
        switch url.lastPathComponent {
        case "metadata":
            let appId = try await requestMetadata()
            return (Data(#"{"appId":"\#(appId)"}"#.utf8), response(url, status: 200))
        case "token":
            // Like the real API: a token request must be a JSON POST.
            guard request.httpMethod == "POST", request.value(forHTTPHeaderField: "Content-Type") == "application/json" else {
                return (Data(), response(url, status: 415))
            }
            let body = try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: String]
            calls.append(.requestToken(appId: body?["appId"] ?? ""))
            tokenRequestHeaders.append(
                ["cwt-token-type", "cwt-client-id"].reduce(into: [:]) { headers, name in
                    headers[name] = request.value(forHTTPHeaderField: name)
                })
            if tokenFailsAlways { throw Failure() }
            if tokenUnreachableLeft > 0 { tokenUnreachableLeft -= 1; throw Failure() }
            let token = JWTFactory.token(
                subject: "sts-token-\(issuedTokens.count + 1)", expiringAt: tokenExpiry, userId: tokenUserId)
            // Whatever the status, the body carries a token: only a 200 may be taken.
            if tokenStatus == 200 { issuedTokens.append(token) }
            return (Data(#"{"token":"\#(token)"}"#.utf8), response(url, status: tokenStatus))
        case "identity":
            let body = try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: String]
            calls.append(.registerIdentity(userId: body?["userId"] ?? "", clientType: body?["clientType"] ?? ""))
            // Like the real API: a registration must be a JSON POST.
            guard request.httpMethod == "POST", request.value(forHTTPHeaderField: "Content-Type") == "application/json" else {
                return (Data(), response(url, status: 415))
            }
            if identityUnreachableLeft > 0 { identityUnreachableLeft -= 1; throw Failure() }
            if let existing = identityAlreadyRegistered {
                let record =
                    #"{"responseHeader":{"statusMessage":"exists","isRegister":true},"record":{"_id":"r-1","externalID":"\#(existing)"}}"#
                return (Data(record.utf8), response(url, status: 200))
            }
            guard let externalId = identityExternalId else {
                return (Data(#"{"responseHeader":{"statusMessage":"error"}}"#.utf8), response(url, status: 500))
            }
            let record = #"{"responseHeader":{"statusMessage":"ok"},"res":{"ops":[{"externalID":"\#(externalId)"}]}}"#
            return (Data(record.utf8), response(url, status: 200))
        default:
            return (Data(), response(url, status: 404))
        }
    }

    private func requestMetadata() async throws -> String {
        calls.append(.requestMetadata)
        if let action = whileRequestingMetadata {
            whileRequestingMetadata = nil
            await action()
        }
        let result = metadataResults.isEmpty ? metadataFallback : metadataResults.removeFirst()
        guard let appId = result else { throw Failure() }
        return appId
    }

    private func response(_ url: URL, status: Int) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
    }

    func initialize(appId: String) async throws {
        calls.append(.initialize(appId: appId))
        if initializeFailuresLeft > 0 { initializeFailuresLeft -= 1; throw Failure() }
    }

    func login(userId: String, token: String) async throws {
        calls.append(.login(userId: userId, token: token))
        if loginFailuresLeft > 0 { loginFailuresLeft -= 1; throw Failure() }
    }

    func logout() async throws {
        calls.append(.logout)
        if logoutFails { throw Failure() }
    }

    var metadataRequests: Int { calls.filter { $0 == .requestMetadata }.count }
    var identityRequests: [Call] { calls.filter { if case .registerIdentity = $0 { true } else { false } } }
    var tokenRequests: [Call] { calls.filter { if case .requestToken = $0 { true } else { false } } }
    var clientCalls: [Call] {
        calls.filter {
            switch $0 {
            case .initialize, .login, .logout: true;
            default: false
            }
        }
    }

    /// The logins the chat client received, in order.
    var logins: [Call] {
        calls.filter { if case .login = $0 { true } else { false } }
    }
}

enum JWTFactory {
    /// An unsigned JWT with `sub`, `exp` and, when given, `userId`.
    static func token(subject: String, expiringAt date: Date, userId: String? = nil) -> String {
        let header = base64URL(#"{"alg":"none","typ":"JWT"}"#)
        let user = userId.map { #","userId":"\#($0)""# } ?? ""
        let payload = base64URL(#"{"sub":"\#(subject)","exp":\#(Int(date.timeIntervalSince1970))\#(user)}"#)
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

/// The vendor's conversation screen: counts how many times it was shown.
final class ConversationRecorder: ChatConversation, ChatConversationSettings {
    private(set) var timesShown = 0

    func showConversation() { timesShown += 1 }
    /// The user ids the conversation's settings were given, in order.
    private(set) var userIds: [String] = []
    func setUserId(_ userId: String) { userIds.append(userId) }
}
