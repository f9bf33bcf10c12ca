import Foundation

/// The `POST` both token grants send: a JSON body with the fields in the order given.
enum TokenRequest {
    static func make(url: URL, fields: [(String, String)]) -> HTTPRequest {
        HTTPRequest(
            method: .post,
            url: url,
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: body(fields)
        )
    }
}

extension TokenRequest {
    static func body(_ fields: [(String, String)]) -> Data {
        // A JSON object with keys in a stable order, so requests are byte-for-byte reproducible.
        let members = fields.map { key, value in "\(jsonString(key)):\(jsonString(value))" }
        return Data("{\(members.joined(separator: ","))}".utf8)
    }

    private static func jsonString(_ value: String) -> String {
        let encoded = try? JSONEncoder().encode(value)
        return encoded.flatMap { String(data: $0, encoding: .utf8) } ?? "\"\""
    }
}
