import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request (URLSession in the app, a stub in tests).
public protocol STSHTTPClient: AnyObject {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The STS back end over HTTP:
/// `GET {base}/sts/metadata` → `{"appId": "…"}` and `POST {base}/sts/token` with `{"appId": "…"}` → `{"token": "…"}`.
public final class RemoteSTSClient: STSClient, ChatIdentityRegistry {
    public enum Error: Swift.Error, Equatable, CustomStringConvertible, TransientSTSFailure {
        case connectivity
        case invalidData(statusCode: Int)

        public var description: String {
            switch self {
            case .connectivity: "The STS service could not be reached: check the connection."
            case let .invalidData(status): "The STS service answered with status \(status) and no usable data."
            }
        }

        /// Only a service that could not be reached is worth asking again; an answer is not.
        public var isTransient: Bool { self == .connectivity }
    }

    private let baseURL: URL
    private let client: STSHTTPClient

    public init(baseURL: URL, client: STSHTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    public func requestMetadata() async throws -> STSMetadata {
        // A GET: URLRequest's default method.
        let request = URLRequest(url: baseURL.appendingPathComponent("sts").appendingPathComponent("metadata"))
        let body: MetadataBody = try await load(request)
        return STSMetadata(appId: body.appId)
    }

    public func requestToken(appId: String) async throws -> String {
        var request = URLRequest(url: baseURL.appendingPathComponent("sts").appendingPathComponent("token"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // As the original's token loader: the kind of sign-in token and the client asking for the chat token.
        request.setValue("pingFed", forHTTPHeaderField: "cwt-token-type")
        request.setValue("CwtToGoOauthClient", forHTTPHeaderField: "cwt-client-id")
        request.httpBody = try JSONEncoder().encode(TokenRequestBody(appId: appId))
        let body: TokenBody = try await load(request, refusals: [401: .unauthorized, 404: .unknownVendor])
        return body.token
    }

    /// `POST {base}/identity` with `{"userId": …, "clientType": "iOS"}` → the identity store's record: the external
    /// id of the first inserted entry (`res.ops[0].externalID`), else of the existing record (`record.externalID`).
    public func registerIdentity(userId: String) async throws -> String {
        var request = URLRequest(url: baseURL.appendingPathComponent("identity"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(IdentityInfo(userId: userId, clientType: "iOS"))
        let body: IdentityBody = try await load(request)
        guard let externalID = body.res?.ops.first?.externalID ?? body.record?.externalID else {
            throw Error.invalidData(statusCode: 200)
        }
        return externalID
    }

    private func load<Body: Decodable>(_ request: URLRequest, refusals: [Int: STSRefusal] = [:]) async throws -> Body {
        let data: Data
        let response: HTTPURLResponse
        do { (data, response) = try await client.send(request) } catch { throw Error.connectivity }
        if let refusal = refusals[response.statusCode] { throw refusal }
        guard response.statusCode == 200, let body = try? JSONDecoder().decode(Body.self, from: data) else {
            throw Error.invalidData(statusCode: response.statusCode)
        }
        return body
    }

    private struct MetadataBody: Decodable { let appId: String }
    private struct TokenRequestBody: Encodable { let appId: String }
    private struct TokenBody: Decodable { let token: String }
    private struct IdentityInfo: Encodable { let userId: String; let clientType: String }
    private struct IdentityBody: Decodable {
        struct Record: Decodable { let externalID: String? }
        struct Inserted: Decodable { let ops: [Record] }
        let record: Record?
        let res: Inserted?
    }
}
