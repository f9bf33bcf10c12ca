import Foundation

/// A tag expression that could not be parsed. `message` is the official wording, e.g.
/// `Tag expression "a and" could not be parsed because of syntax error: Expected operand.`
public struct TagExpressionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public let expression: String
    public let message: String

    init(expression: String, problem: String) {
        self.expression = expression
        self.message = "Tag expression \"\(expression)\" could not be parsed because of syntax error: \(problem)."
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}
