import Foundation

/// Delivers the question of the game.
public protocol QuestionLoader: Sendable {
    func load() async throws -> Question
}
