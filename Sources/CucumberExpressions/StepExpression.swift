import Foundation

/// What a step definition's pattern is: a `CucumberExpression` or a `RegularExpression`.
public protocol StepExpression: Sendable {
    /// The pattern as written by the user.
    var source: String { get }
    /// The regular expression actually matched against step text.
    var regexp: String { get }
    /// The parameter types of the arguments a match gives, in order.
    var parameterTypes: [ParameterType] { get }
    /// The arguments when `text` matches the whole expression, nil otherwise.
    func match(_ text: String) -> [Argument]?
}

/// Creates the right kind of expression from a step pattern, as the official `ExpressionFactory`:
/// a pattern starting with `^` or ending with `$` (or written `/…/`) is a regular expression,
/// anything else a Cucumber Expression.
public struct ExpressionFactory: Sendable {
    public let registry: ParameterTypeRegistry

    public init(registry: ParameterTypeRegistry) {
        self.registry = registry
    }

    public func createExpression(_ pattern: String) throws -> any StepExpression {
        if pattern.hasPrefix("^") || pattern.hasSuffix("$") {
            return try RegularExpression(pattern, registry: registry)
        }
        if pattern.count >= 2, pattern.hasPrefix("/"), pattern.hasSuffix("/") {
            return try RegularExpression(String(pattern.dropFirst().dropLast()), registry: registry)
        }
        return try CucumberExpression(pattern, registry: registry)
    }
}
