import Foundation

/// Maps a token response of the survey API (JSON:API) to a `Token`.
///
///     {"data": {"id": "1", "type": "token", "attributes": {"access_token": "…", "token_type": "Bearer",
///      "expires_in": 7200, "refresh_token": "…", "created_at": 1597169495}}}
///
/// The expiry is the time the response was received plus `expires_in` seconds.
enum TokenResponseMapper {
    private struct Root: Decodable {
        let data: Resource
    }

    private struct Resource: Decodable {
        let attributes: Attributes
    }

    private struct Attributes: Decodable {
        let access_token: String
        let token_type: String
        let expires_in: Int
        let refresh_token: String
    }

    enum Error: Swift.Error {
        case invalidData
    }

    static func map(_ data: Data, _ response: HTTPResponse, receivedAt date: Date) throws -> Token {
        guard response.isOK,
            let root = try? JSONDecoder().decode(Root.self, from: data),
            root.data.attributes.expires_in >= 0,
            !root.data.attributes.access_token.isEmpty
        else {
            throw Error.invalidData
        }
        let attributes = root.data.attributes
        return Token(
            accessToken: attributes.access_token,
            tokenType: attributes.token_type,
            refreshToken: attributes.refresh_token,
            expiryDate: date.addingTimeInterval(TimeInterval(attributes.expires_in))
        )
    }
}
