import Foundation

/// A quiz question and every answer the player has to find.
public struct Question: Equatable, Sendable {
    public let text: String
    public let answers: [String]

    public init(text: String, answers: [String]) {
        self.text = text
        self.answers = answers
    }
}
