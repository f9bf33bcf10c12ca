import Foundation

/// Load Question From Remote use case: GET the URL, validate, deliver the question and its answers.
public struct RemoteQuestionLoader: QuestionLoader {
    public enum Error: Swift.Error, Equatable, Sendable {
        /// No response from the server.
        case connectivity
        /// A response arrived but it is not a valid question (non-200 status, malformed JSON, no answers).
        case invalidData
    }

    private let url: URL
    private let client: any HTTPClient

    public init(url: URL, client: any HTTPClient) {
        self.url = url
        self.client = client
    }

    public func load() async throws -> Question {
        let response: HTTPResponse
        do {
            response = try await client.get(from: url)
        } catch {
            throw Error.connectivity
        }
        return try QuestionMapper.map(response.body, statusCode: response.statusCode)
    }
}
