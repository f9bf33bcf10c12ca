import Foundation
import HTTPTestSupport
import Survey

/// The in-memory survey API served over real HTTP on 127.0.0.1, so a scenario can drive the app's own
/// `URLSessionHTTPClient` (method, headers, body and query on the wire) instead of handing requests to the
/// server in memory. Every request received is forwarded to the `InMemorySurveyServer`, which answers it.
final class SurveyAPIOverHTTP: Sendable {
    let baseURL: URL
    let client: URLSessionHTTPClient
    private let http: HTTPTestServer

    init(forwardingTo server: InMemorySurveyServer) throws {
        let base = LockedURL()
        http = HTTPTestServer(fallback: { recorded in Self.forward(recorded, to: server, base: base.value) })
        baseURL = try http.start()
        base.value = baseURL
        client = URLSessionHTTPClient()
    }

    func stop() { http.stop() }

    /// Called on the HTTP server's own queue (not the concurrency pool), so waiting for the actor here is safe.
    private static func forward(_ recorded: RecordedHTTPRequest, to server: InMemorySurveyServer, base: URL?) -> HTTPTestReply {
        guard let base, let method = HTTPRequest.Method(rawValue: recorded.method),
            let url = URL(string: base.absoluteString + recorded.target)
        else { return .status(405) }
        var headers: [String: String] = [:]
        for field in recorded.headerFields { headers[field.name] = field.value }
        let request = HTTPRequest(method: method, url: url, headers: headers, body: recorded.body.isEmpty ? nil : recorded.body)
        let answer = LockedReply()
        let done = DispatchSemaphore(value: 0)
        Task {
            if let (data, response) = try? await server.send(request) {
                answer.value = .respond(HTTPTestResponse(statusCode: response.statusCode, body: data))
            }
            done.signal()
        }
        done.wait()
        return answer.value ?? .dropConnection
    }
}

private final class LockedURL: @unchecked Sendable {
    private let lock = NSLock()
    private var url: URL?
    var value: URL? {
        get { lock.withLock { url } }
        set { lock.withLock { url = newValue } }
    }
}

private final class LockedReply: @unchecked Sendable {
    private let lock = NSLock()
    private var reply: HTTPTestReply?
    var value: HTTPTestReply? {
        get { lock.withLock { reply } }
        set { lock.withLock { reply = newValue } }
    }
}
