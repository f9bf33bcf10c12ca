import Foundation

/// The survey API the app talks to: where its endpoints are, and how many surveys the list asks for.
public struct SurveyAPI: Sendable {
    /// The OAuth token endpoint (login and renewal).
    public static let tokenPath = "/api/v1/oauth/token"
    /// The survey list, paged with `page[number]` and `page[size]`.
    public static let surveysPath = "/api/v1/surveys"
    /// How many surveys the list asks for when it opens or refreshes (the original's home screen: page 1 of 5).
    public static let listPageSize = 5

    public let baseURL: URL

    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    public var tokenURL: URL { baseURL.appendingPathComponent(String(Self.tokenPath.dropFirst())) }
    public var surveysURL: URL { baseURL.appendingPathComponent(String(Self.surveysPath.dropFirst())) }
}
