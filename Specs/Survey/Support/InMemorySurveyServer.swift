import Foundation
import Survey

/// The survey API at the boundary, in memory: `POST /api/v1/oauth/token` (password and refresh_token grants)
/// and `GET /api/v1/surveys?page[number]=N&page[size]=S` (needs `Authorization: Bearer <issued access token>`).
/// Every request goes through the shared `ScriptedBoundary` (endpoints `login`, `refresh`, `surveys`), so a scenario
/// can make any endpoint give any answer a real server can; unscripted, the server answers as below.
actor InMemorySurveyServer: HTTPClient {
    struct Reply: Sendable {
        let status: Int
        let body: Data
    }

    struct IssuedToken: Sendable {
        let accessToken: String
        let tokenType: String
        let refreshToken: String
        let expiresIn: Int
    }

    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "the server cannot be reached" }
    }

    static let tokenPath = SurveyAPI.tokenPath
    static let surveysPath = SurveyAPI.surveysPath

    let boundary = ScriptedBoundary(endpoints: [
        ("login", { $0.method == "POST" && $0.url.path == SurveyAPI.tokenPath && $0.jsonFields["grant_type"] == "password" }),
        ("refresh", { $0.method == "POST" && $0.url.path == SurveyAPI.tokenPath && $0.jsonFields["grant_type"] == "refresh_token" }),
        ("surveys", { $0.method == "GET" && $0.url.path == SurveyAPI.surveysPath }),
    ])

    private(set) var requests: [HTTPRequest] = []
    private var isReachable = true
    private var account: (email: String, password: String, token: IssuedToken)?
    private var renewal: IssuedToken?
    private var surveys: [SurveyItem] = []
    private var validAccessTokens: Set<String> = []
    private var validRefreshTokens: Set<String> = []

    // MARK: Arranging

    func goOffline() { isReachable = false }
    func accept(email: String, password: String, answering token: IssuedToken) { account = (email, password, token) }
    func renew(with token: IssuedToken) { renewal = token }
    func publish(_ surveys: [SurveyItem]) { self.surveys = surveys }

    /// A session the server issued earlier (the user logged in on a previous launch).
    func knowSession(accessToken: String, refreshToken: String) {
        validAccessTokens.insert(accessToken)
        validRefreshTokens.insert(refreshToken)
    }

    // MARK: Serving

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        requests.append(request)
        let answer = await boundary.receive(
            BoundaryRequest(method: request.method.rawValue, url: request.url, headers: request.headers, body: request.body ?? Data()))
        guard isReachable else { throw Unreachable() }
        let response = try answer.shape {
            let reply: Reply
            switch (request.method, request.url.path) {
            case (.post, Self.tokenPath):
                reply = token(Self.fields(of: request))
            case (.get, Self.surveysPath):
                reply = surveys(request)
            default:
                reply = Reply(status: 404, body: Data())
            }
            return BoundaryResponse(status: reply.status, headers: ["Content-Type": "application/json"], body: reply.body)
        }
        return (response.body, HTTPResponse(statusCode: response.status, headers: response.headers))
    }

    private func token(_ fields: [String: String]) -> Reply {
        switch fields["grant_type"] {
        case "password":
            guard let account, fields["email"] == account.email, fields["password"] == account.password else {
                return Self.invalidGrant
            }
            return issue(account.token)
        case "refresh_token":
            guard let renewal, let refresh = fields["refresh_token"], validRefreshTokens.contains(refresh) else {
                return Self.invalidGrant
            }
            return issue(renewal)
        default:
            return Reply(status: 400, body: Data(#"{"errors":[{"code":"unsupported_grant_type"}]}"#.utf8))
        }
    }

    private func issue(_ token: IssuedToken) -> Reply {
        validAccessTokens.insert(token.accessToken)
        validRefreshTokens.insert(token.refreshToken)
        let json: [String: Any] = [
            "data": [
                "id": "1", "type": "token",
                "attributes": [
                    "access_token": token.accessToken, "token_type": token.tokenType, "expires_in": token.expiresIn,
                    "refresh_token": token.refreshToken, "created_at": 1_597_169_495,
                ],
            ]
        ]
        return Reply(status: 200, body: Self.encode(json))
    }

    private func surveys(_ request: HTTPRequest) -> Reply {
        let bearer = request.headers["Authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let bearer, validAccessTokens.contains(bearer) else {
            return Reply(status: 401, body: Data(#"{"errors":[{"code":"invalid_token"}]}"#.utf8))
        }
        let query = Self.query(of: request)
        let number = max(Int(query["page[number]"] ?? "") ?? 1, 1)
        let size = max(Int(query["page[size]"] ?? "") ?? 20, 1)
        let page = Array(surveys.dropFirst((number - 1) * size).prefix(size))
        let data: [[String: Any]] = page.map { item in
            [
                "id": item.id, "type": "survey",
                "attributes": [
                    "title": item.title, "description": item.description,
                    "cover_image_url": item.coverImageURL.absoluteString, "is_active": true,
                ],
            ]
        }
        let pages = (surveys.count + size - 1) / size
        let json: [String: Any] = ["data": data, "meta": ["page": number, "pages": pages, "page_size": size, "records": surveys.count]]
        return Reply(status: 200, body: Self.encode(json))
    }

    // MARK: Reading requests

    static func fields(of request: HTTPRequest) -> [String: String] {
        guard let body = request.body, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [:] }
        return object.compactMapValues { $0 as? String }
    }

    static func query(of request: HTTPRequest) -> [String: String] {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    private static let invalidGrant = Reply(
        status: 400,
        body: Data(
            #"{"errors":[{"source":"Doorkeeper::OAuth::Error","detail":"Your email or password is incorrect. Please try again.","code":"invalid_grant"}]}"#
                .utf8))

    private static func encode(_ json: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])) ?? Data()
    }
}
