import Foundation

/// Reads the `exp` claim of a JWT. A token is usable only when it is readable and `exp` is after now.
enum UserToken {
    static func expirationDate(of token: String) -> Date? {
        guard let payload = payload(of: token),
            let claims = try? JSONDecoder().decode(Claims.self, from: payload)
        else { return nil }
        return Date(timeIntervalSince1970: claims.exp)
    }

    /// The chat user the token was issued for (the `userId` claim), nil when there is none.
    static func userId(of token: String) -> String? {
        guard let payload = payload(of: token) else { return nil }
        return (try? JSONDecoder().decode(UserClaim.self, from: payload))?.userId
    }

    /// The JSON payload: the middle of exactly three dot-separated parts, base64url-decoded.
    private static func payload(of token: String) -> Data? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = base64URLDecoded(String(parts[1])) else { return nil }
        return payload
    }

    static func isUsable(_ token: String, now: Date) -> Bool {
        guard let expiration = expirationDate(of: token) else { return false }
        return expiration > now
    }

    private struct Claims: Decodable { let exp: Double }
    private struct UserClaim: Decodable { let userId: String }

    private static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        let remainder = base64.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { base64 += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: base64)
    }
}
