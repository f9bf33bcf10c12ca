import Foundation

/// Reads one HTTP/1.1 request from a connection: head, then a Content-Length or chunked body.
public struct HTTPRequestReader {
    let receive: () -> [UInt8]?
    /// Called once when the client asked `Expect: 100-continue`.
    let sendContinue: () -> Void

    /// `receive` returns the next bytes of the connection, nil when it is closed (or timed out).
    public init(receive: @escaping () -> [UInt8]?, sendContinue: @escaping () -> Void) {
        self.receive = receive
        self.sendContinue = sendContinue
    }

    private static let headTerminator: [UInt8] = Array("\r\n\r\n".utf8)

    /// The request, or nil when the connection ends before a complete request arrived.
    public func read() -> RecordedHTTPRequest? {
        var buffer: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard let chunk = receive() else { return nil }
            buffer += chunk
            headEnd = Self.firstIndex(of: Self.headTerminator, in: buffer)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var rest = Array(buffer[(headEnd + 4)...])

        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count >= 2 else { return nil }
        let fields = lines.compactMap(Self.headerField)
        let request = RecordedHTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headerFields: fields)

        if request.header("Expect")?.lowercased() == "100-continue" { sendContinue() }

        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            guard let body = readChunkedBody(&rest) else { return nil }
            return RecordedHTTPRequest(method: request.method, target: request.target, headerFields: fields, body: body)
        }
        let length = Int(request.header("Content-Length") ?? "0") ?? 0
        while rest.count < length {
            guard let chunk = receive() else { return nil }
            rest += chunk
        }
        return RecordedHTTPRequest(method: request.method, target: request.target, headerFields: fields, body: Data(rest.prefix(length)))
    }

    private func readChunkedBody(_ buffer: inout [UInt8]) -> Data? {
        var body: [UInt8] = []
        let lineEnd: [UInt8] = Array("\r\n".utf8)
        while true {
            var sizeLineEnd = Self.firstIndex(of: lineEnd, in: buffer)
            while sizeLineEnd == nil {
                guard let chunk = receive() else { return nil }
                buffer += chunk
                sizeLineEnd = Self.firstIndex(of: lineEnd, in: buffer)
            }
            let sizeText =
                String(decoding: buffer[..<sizeLineEnd!], as: UTF8.self)
                .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16) else { return nil }
            buffer.removeFirst(sizeLineEnd! + 2)
            while buffer.count < size + 2 {
                guard let chunk = receive() else { return nil }
                buffer += chunk
            }
            if size == 0 { return Data(body) }
            body += buffer[..<size]
            buffer.removeFirst(size + 2)
        }
    }

    private static func headerField(_ line: String) -> HTTPHeaderField? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return HTTPHeaderField(
            name: String(line[..<colon]).trimmingCharacters(in: .whitespaces),
            value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        )
    }

    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}

extension HTTPTestResponse {
    /// The bytes on the wire; the server always closes the connection after one exchange.
    public var serialized: [UInt8] {
        var head = "HTTP/1.1 \(statusCode) \(Self.reasonPhrase(for: statusCode))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key })
        where name.lowercased() != "content-length" && name.lowercased() != "connection" {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }

    static func reasonPhrase(for statusCode: Int) -> String {
        switch statusCode {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 422: "Unprocessable Entity"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(statusCode)"
        }
    }
}
