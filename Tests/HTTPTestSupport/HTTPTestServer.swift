import Foundation

/// A real HTTP/1.1 server on 127.0.0.1, on an ephemeral port, for tests.
///
///     let server = HTTPTestServer()
///     try server.start()
///     server.stub(path: "/question", with: .json(#"{"question": "?", "answer": []}"#))
///     … client.get(from: server.url(path: "/question")) …
///     XCTAssertEqual(server.requests.map(\.path), ["/question"])
///     server.stop()
///
/// One request per connection (`Connection: close`); each connection is served on its own queue so
/// concurrent clients never wait on each other. Unmatched requests get `fallback` (404 by default).
///
/// `@unchecked Sendable`: every mutable property is guarded by `lock`; the descriptors are written
/// only in `start()`/`stop()`, which also take the lock.
public final class HTTPTestServer: @unchecked Sendable {
    public typealias Handler = @Sendable (RecordedHTTPRequest) -> HTTPTestReply

    private struct Route {
        let method: String?
        let path: String
        let handler: Handler
    }

    private let lock = NSLock()
    private var routes: [Route] = []
    private var fallback: Handler
    private var recorded: [RecordedHTTPRequest] = []
    private var listener: Int32 = -1
    private var wakeUp: (read: Int32, write: Int32) = (-1, -1)
    private var boundPort: UInt16?
    private let acceptLoopFinished = DispatchSemaphore(value: 0)
    private let connections = DispatchGroup()
    private let readTimeoutMilliseconds: Int32

    public init(
        readTimeout: TimeInterval = 5,
        fallback: @escaping Handler = { _ in .respond(HTTPTestResponse(statusCode: 404)) }
    ) {
        self.fallback = fallback
        self.readTimeoutMilliseconds = Int32(readTimeout * 1000)
    }

    deinit { stop() }

    // MARK: Lifecycle

    /// Starts listening; returns the base URL (`http://127.0.0.1:<port>`). Calling it twice is harmless.
    @discardableResult
    public func start() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let boundPort { return Self.baseURL(port: boundPort) }
        let pipe = try POSIXSocket.makePipe()
        let socket: (descriptor: Int32, port: UInt16)
        do {
            socket = try POSIXSocket.listenOnLoopback()
        } catch {
            POSIXSocket.closeDescriptor(pipe.read)
            POSIXSocket.closeDescriptor(pipe.write)
            throw error
        }
        listener = socket.descriptor
        wakeUp = pipe
        boundPort = socket.port
        let thread = Thread { [weak self, listener = socket.descriptor, wake = pipe.read, finished = acceptLoopFinished] in
            Self.acceptLoop(listener: listener, wakeUp: wake, finished: finished) { [weak self] in self }
        }
        thread.name = "HTTPTestServer:\(socket.port)"
        thread.start()
        return Self.baseURL(port: socket.port)
    }

    /// Stops accepting, waits for the connections in flight, and releases the port.
    public func stop() {
        lock.lock()
        guard boundPort != nil else { lock.unlock(); return }
        let (listener, wakeUp) = (self.listener, self.wakeUp)
        boundPort = nil
        self.listener = -1
        self.wakeUp = (-1, -1)
        lock.unlock()

        POSIXSocket.writeByte(to: wakeUp.write)
        acceptLoopFinished.wait()
        _ = connections.wait(timeout: .now() + .milliseconds(Int(readTimeoutMilliseconds) + 1000))
        POSIXSocket.closeDescriptor(listener)
        POSIXSocket.closeDescriptor(wakeUp.read)
        POSIXSocket.closeDescriptor(wakeUp.write)
    }

    public var isRunning: Bool { withLock { boundPort != nil } }

    /// `http://127.0.0.1:<port>`; traps if the server is not started (a test bug, not a runtime condition).
    public var baseURL: URL {
        guard let port = withLock({ boundPort }) else {
            preconditionFailure("HTTPTestServer.baseURL: call start() first")
        }
        return Self.baseURL(port: port)
    }

    public func url(path: String) -> URL {
        URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path))!
    }

    // MARK: Behaviour

    /// Answers requests whose path (and method, when given) match; the latest stub for a route wins.
    public func stub(method: String? = nil, path: String, with reply: HTTPTestReply) {
        stub(method: method, path: path) { _ in reply }
    }

    public func stub(method: String? = nil, path: String, handler: @escaping Handler) {
        withLock { routes.insert(Route(method: method?.uppercased(), path: path, handler: handler), at: 0) }
    }

    /// Answers every request not matched by a stub.
    public func respondToEveryRequest(with reply: HTTPTestReply) {
        withLock { fallback = { _ in reply } }
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedHTTPRequest] { withLock { recorded } }

    // MARK: Serving

    /// Holds the server only weakly while waiting, so a forgotten `stop()` is done by `deinit`.
    private static func acceptLoop(
        listener: Int32, wakeUp: Int32, finished: DispatchSemaphore, server: () -> HTTPTestServer?
    ) {
        defer { finished.signal() }
        while true {
            let ready = POSIXSocket.waitReadable([listener, wakeUp], timeoutMilliseconds: -1)
            if ready.contains(wakeUp) { return }
            guard ready.contains(listener), let client = POSIXSocket.acceptConnection(on: listener) else { continue }
            guard let server = server() else { POSIXSocket.closeDescriptor(client); return }
            server.connections.enter()
            DispatchQueue.global().async { [server] in
                defer { server.connections.leave() }
                server.serve(client)
            }
        }
    }

    private func serve(_ client: Int32) {
        defer { POSIXSocket.closeDescriptor(client) }
        let timeout = readTimeoutMilliseconds
        let reader = HTTPRequestReader(
            receive: { POSIXSocket.receive(from: client, timeoutMilliseconds: timeout) },
            sendContinue: { POSIXSocket.sendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: client) }
        )
        guard let request = reader.read() else { return }
        let handler = withLock { () -> Handler in
            recorded.append(request)
            return routes.first { $0.path == request.path && ($0.method == nil || $0.method == request.method) }?.handler
                ?? fallback
        }
        switch handler(request) {
        case .respond(let response):
            POSIXSocket.sendAll(response.serialized, to: client)
            POSIXSocket.shutdownBoth(client)
        case .dropConnection:
            POSIXSocket.shutdownBoth(client)
        }
    }

    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private static func baseURL(port: UInt16) -> URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }
}

extension HTTPTestServer {
    /// A loopback URL on which nothing listens: requests to it fail with a connection error.
    public static func unreachableURL(path: String = "/") throws -> URL {
        let socket = try POSIXSocket.listenOnLoopback()
        POSIXSocket.closeDescriptor(socket.descriptor)
        return URL(string: "http://127.0.0.1:\(socket.port)\(path.hasPrefix("/") ? path : "/" + path)")!
    }
}
