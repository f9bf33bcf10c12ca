import Foundation

/// A step pattern written as a regular expression, e.g. `^I have (\d+) cukes$`.
///
/// Each top-level capture group (nested groups become the group's children, non-capturing
/// groups are skipped) is typed by the parameter type registered with exactly that regexp
/// (`\d+` → `{int}`), or left as `String` when none is.
public struct RegularExpression: StepExpression, CustomStringConvertible {
    public let source: String
    public var regexp: String { source }
    /// The parameter type of each top-level capture group, in order.
    public let parameterTypes: [ParameterType]
    private let treeRegexp: TreeRegexp

    /// Throws for an invalid pattern, or when a group's regexp belongs to several parameter
    /// types of which none is preferential (the official ambiguity check, done up front).
    public init(_ pattern: String, registry: ParameterTypeRegistry) throws {
        let treeRegexp = try TreeRegexp(pattern)
        self.source = pattern
        self.treeRegexp = treeRegexp
        self.parameterTypes = try treeRegexp.groupBuilder.children.map { builder in
            let groupRegexp = builder.source ?? ""
            let candidates = registry.lookup(regexp: groupRegexp)
            if candidates.count > 1, !candidates[0].preferForRegexpMatch {
                throw Self.ambiguity(groupRegexp, pattern, candidates)
            }
            return candidates.first
                ?? ParameterType(
                    name: nil, regexps: [groupRegexp], useForSnippets: false, preferForRegexpMatch: false,
                    transform: { $0 })
        }
    }

    public func match(_ text: String) -> [Argument]? {
        guard let group = treeRegexp.match(text) else { return nil }
        return Argument.build(group, parameterTypes)
    }

    public var description: String { source }

    private static func ambiguity(_ groupRegexp: String, _ pattern: String, _ types: [ParameterType]) -> CucumberExpressionError {
        let names = types.map { "{\($0.name ?? "")}" }.joined(separator: "\n   ")
        return CucumberExpressionError(
            """
            Your Regular Expression /\(pattern)/
            matches multiple parameter types with regexp /\(groupRegexp)/:
               \(names)

            I couldn't decide which one to use. You have two options:

            1) Use a Cucumber Expression instead of a Regular Expression.

            2) Make one of the parameter types preferential and continue to use a Regular Expression.

            """)
    }
}
