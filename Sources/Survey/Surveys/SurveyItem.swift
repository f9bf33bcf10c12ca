import Foundation

/// One survey as the app lists it.
public struct SurveyItem: Equatable, Sendable {
    public let id: String
    public let title: String
    public let description: String
    public let coverImageURL: URL

    public init(id: String, title: String, description: String, coverImageURL: URL) {
        self.id = id
        self.title = title
        self.description = description
        self.coverImageURL = coverImageURL
    }
}
