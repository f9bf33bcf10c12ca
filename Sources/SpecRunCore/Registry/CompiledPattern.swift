import Messages

/// A step definition's pattern, compiled: matches a step text and yields its arguments.
protocol CompiledPattern: Sendable {
    func match(_ text: String) -> [MatchedArgument]?
    /// False when the pattern cannot match the text (a quick test on its UTF-8 before `match`).
    func mayMatch(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool
}

extension CompiledPattern {
    func mayMatch(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool { true }
}

/// One argument of a match: the group tree for the `stepMatchArguments` message, and how to get the value.
struct MatchedArgument: Sendable {
    let group: Group
    let parameterTypeName: String?
    /// Runs the parameter type's transformer (may throw; then the step fails). A custom parameter type's value
    /// comes in its `TransformedValue`.
    let value: @Sendable () throws -> (any Sendable)?
    /// Whether `value` always gives the same value and does nothing else (a built-in parameter type's): it is
    /// then run once per match rather than once per step run.
    var pure = false

    var message: StepMatchArgument {
        StepMatchArgument(group: group, parameterTypeName: parameterTypeName)
    }
}

/// Turns step patterns into matchers, given every custom parameter type of the run.
/// The real one sits on the CucumberExpressions module; tests may inject their own.
protocol PatternCompiler: Sendable {
    /// Throws `PatternError`.
    func compile(_ pattern: StepPattern) throws -> any CompiledPattern
    /// Cucumber Expressions guessed for an undefined step text, best first, as (expression, parameter type names).
    func snippetExpressions(for text: String) -> [(expression: String, parameterTypes: [String])]
}

enum PatternError: Error, Equatable {
    case unknownParameterType(name: String)
    case invalid(reason: String)
    case badParameterType(name: String, reason: String)
}
