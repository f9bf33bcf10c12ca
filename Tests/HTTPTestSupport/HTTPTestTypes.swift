import Foundation

/// A request as the server received it.
public struct RecordedHTTPRequest: Sendable, Equatable {
    public let method: String
    /// The request target as sent, e.g. `/surveys?page%5Bnumber%5D=1`.
    public let target: String
    /// Header fields in the order received (names as sent).
    public let headerFields: [HTTPHeaderField]
    public let body: Data

    public init(method: String, target: String, headerFields: [HTTPHeaderField] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headerFields = headerFields
        self.body = body
    }

    /// The decoded path, without the query.
    public var path: String {
        URLComponents(string: target)?.path ?? String(target.prefix { $0 != "?" })
    }

    /// The decoded query items (`page[number]=1` → name `page[number]`, value `1`).
    public var queryItems: [URLQueryItem] {
        URLComponents(string: target)?.queryItems ?? []
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The body decoded as `application/x-www-form-urlencoded` fields.
    public var formFields: [String: String] {
        var fields: [String: String] = [:]
        for pair in bodyText.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}

public struct HTTPHeaderField: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A canned response.
public struct HTTPTestResponse: Sendable, Equatable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    public static func json(_ text: String, statusCode: Int = 200) -> HTTPTestResponse {
        HTTPTestResponse(statusCode: statusCode, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    public static func text(_ text: String, statusCode: Int = 200) -> HTTPTestResponse {
        HTTPTestResponse(statusCode: statusCode, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }
}

/// What the server does with a request.
public enum HTTPTestReply: Sendable, Equatable {
    case respond(HTTPTestResponse)
    /// Closes the connection without answering: the client sees a network error.
    case dropConnection

    public static func json(_ text: String, statusCode: Int = 200) -> HTTPTestReply {
        .respond(.json(text, statusCode: statusCode))
    }

    public static func status(_ statusCode: Int) -> HTTPTestReply {
        .respond(HTTPTestResponse(statusCode: statusCode))
    }
}
