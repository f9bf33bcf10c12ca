import Foundation

/// One argument of a matched step: its capture group and the parameter type that transforms it.
public struct Argument: Sendable {
    public let group: Group
    public let parameterType: ParameterType

    public init(group: Group, parameterType: ParameterType) {
        self.group = group
        self.parameterType = parameterType
    }

    /// The parameter type's name for `StepMatchArgument.parameterTypeName` (nil for an
    /// unclaimed capture group of a regular expression).
    public var parameterTypeName: String? {
        parameterType.name
    }

    /// The transformed value, e.g. `Int` for `{int}`; nil when the group did not match.
    /// Throws a `CucumberExpressionError` when the text can not be transformed (e.g. an overflow).
    public func value() throws -> (any Sendable)? {
        try parameterType.transform(group.values)
    }

    static func build(_ group: Group, _ parameterTypes: [ParameterType]) -> [Argument] {
        zip(group.children, parameterTypes).map { Argument(group: $0, parameterType: $1) }
    }
}
