import Foundation

/// A request as it reached a boundary double, whatever the domain's own request type.
struct BoundaryRequest: Sendable {
    let method: String
    let url: URL
    let headers: [String: String]
    let body: Data

    init(method: String, url: URL, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The body's top-level string fields when it is a JSON object (empty otherwise).
    var jsonFields: [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [:] }
        return object.compactMapValues { $0 as? String }
    }
}

/// A response as a real server sends it: status, headers and body bytes.
struct BoundaryResponse: Sendable, Equatable {
    var status: Int
    var headers: [String: String]
    var body: Data

    init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func json(_ text: String, status: Int = 200) -> BoundaryResponse {
        BoundaryResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

/// The connection dropped before an answer came: each double turns it into its domain's transport failure.
struct DroppedConnection: Error, CustomStringConvertible {
    var description: String { "the connection dropped before the server answered" }
}

/// What a scenario scripts an endpoint to answer: anything a real server can do with a request.
indirect enum ScriptedAnswer: Sendable {
    /// The double's own answer (what its in-memory server says).
    case usual
    /// The double's own body and headers with another status.
    case status(Int)
    /// A whole response, exactly as given.
    case response(BoundaryResponse)
    /// The double's own answer with every JSON member of that name removed (at any depth).
    case withoutField(String)
    /// No answer: the connection drops.
    case dropConnection
    /// The answer waits until the scenario opens the gate (a delay with neither a clock nor a sleep).
    case held(by: BoundaryGate, then: ScriptedAnswer)

    /// A body a proxy sends in front of a failing server: 200, but not JSON.
    static let notJSON = ScriptedAnswer.response(
        BoundaryResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Service Unavailable</html>".utf8)))
    /// 200 with no body at all.
    static let emptyBody = ScriptedAnswer.response(BoundaryResponse(status: 200))

    /// Reads the features' wording: `status 500`, `200 not JSON`, `200 empty`, `200 without token`,
    /// `dropped connection`, `usual`.
    static func parse(_ text: String) throws -> ScriptedAnswer {
        let words = text.split(separator: " ").map(String.init)
        switch words.count {
        case 1 where words[0] == "usual": return .usual
        case 2 where words == ["dropped", "connection"]: return .dropConnection
        case 2 where words[0] == "status": if let code = Int(words[1]) { return .status(code) }
        case 2 where words == ["200", "empty"]: return .emptyBody
        case 3 where words == ["200", "not", "JSON"]: return .notJSON
        case 3 where words[0] == "200" && words[1] == "without": return .withoutField(words[2])
        default: break
        }
        throw BoundaryScriptError(
            description: "\"\(text)\" is no answer a boundary double knows: write \"status 500\", \"200 not JSON\", "
                + "\"200 empty\", \"200 without <field>\", \"dropped connection\" or \"usual\"")
    }

    /// The response this answer gives, built from the double's usual one (asked only when it is needed: a
    /// dropped connection never reaches the server).
    func shape(_ usual: () throws -> BoundaryResponse) throws -> BoundaryResponse {
        switch self {
        case .usual: return try usual()
        case .status(let code):
            var response = try usual()
            response.status = code
            return response
        case .response(let response): return response
        case .withoutField(let name):
            var response = try usual()
            response.body = Self.removing(name, from: response.body)
            return response
        case .dropConnection: throw DroppedConnection()
        case .held(_, let then): return try then.shape(usual)
        }
    }

    /// The same, for a double whose usual answer is worked out asynchronously.
    func shapeAwaiting(_ usual: () async throws -> BoundaryResponse) async throws -> BoundaryResponse {
        switch self {
        case .usual, .status, .withoutField:
            let response = try await usual()
            return try shape { response }
        case .response, .dropConnection: return try shape { BoundaryResponse() }
        case .held(_, let then): return try await then.shapeAwaiting(usual)
        }
    }

    private static func removing(_ name: String, from body: Data) -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: body) else { return body }
        func strip(_ value: Any) -> Any {
            if let dictionary = value as? [String: Any] {
                return dictionary.filter { $0.key != name }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        return (try? JSONSerialization.data(withJSONObject: strip(object), options: [.sortedKeys])) ?? body
    }
}

struct BoundaryScriptError: Error, CustomStringConvertible {
    let description: String
}

/// A gate the scenario opens: requests held by it wait, without a clock, until it opens.
actor BoundaryGate {
    private var isOpen = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// How many requests are waiting at the gate.
    var holding: Int { held.count }

    func pass() async {
        guard !isOpen else { return }
        await withCheckedContinuation { continuation in
            held.append(continuation)
            wakeWatchers()
        }
    }

    /// Returns once `count` requests wait at the gate.
    func whenHolding(_ count: Int) async {
        if held.count >= count { return }
        await withCheckedContinuation { watchers.append((count, $0)) }
    }

    func open() {
        isOpen = true
        let waiting = held
        held = []
        waiting.forEach { $0.resume() }
    }

    private func wakeWatchers() {
        let ready = watchers.filter { $0.count <= held.count }
        watchers.removeAll { $0.count <= held.count }
        ready.forEach { $0.continuation.resume() }
    }
}

/// One shared way of scripting a boundary for every domain's spec doubles: named endpoints (a predicate over the
/// request), a script per endpoint (answers used in order; the last one stays), and a log of every request.
/// Each domain's double turns its own request type into a `BoundaryRequest`, asks `receive(_:)` what to answer,
/// and shapes its usual in-memory answer with it.
actor ScriptedBoundary {
    typealias Matcher = @Sendable (BoundaryRequest) -> Bool

    private let endpoints: [(name: String, matches: Matcher)]
    private var scripts: [String: [ScriptedAnswer]] = [:]
    private(set) var received: [(endpoint: String?, request: BoundaryRequest)] = []

    init(endpoints: [(name: String, matches: Matcher)]) {
        self.endpoints = endpoints
    }

    var endpointNames: [String] { endpoints.map(\.name) }

    /// The endpoint answers these, in order; the last one answers every request after them.
    func script(_ endpoint: String, _ answers: [ScriptedAnswer]) throws {
        guard endpointNames.contains(endpoint) else {
            throw BoundaryScriptError(
                description: "no endpoint \"\(endpoint)\" at this boundary (known: \(endpointNames.joined(separator: ", ")))")
        }
        scripts[endpoint] = answers
    }

    func requests(to endpoint: String) -> [BoundaryRequest] {
        received.filter { $0.endpoint == endpoint }.map(\.request)
    }

    var allRequests: [BoundaryRequest] { received.map(\.request) }

    /// Records the request and returns the answer scripted for its endpoint, after its gate (if any) opened.
    func receive(_ request: BoundaryRequest) async -> ScriptedAnswer {
        let endpoint = endpoints.first { $0.matches(request) }?.name
        received.append((endpoint, request))
        guard let endpoint, var answers = scripts[endpoint], let answer = answers.first else { return .usual }
        if answers.count > 1 {
            answers.removeFirst()
            scripts[endpoint] = answers
        }
        if case .held(let gate, _) = answer { await gate.pass() }
        return answer
    }
}
