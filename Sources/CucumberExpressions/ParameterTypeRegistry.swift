import Foundation

/// The parameter types known to expressions: the built-ins plus the ones you define.
///
/// A value type: define every custom type before creating the expressions that use it.
public struct ParameterTypeRegistry: Sendable {
    /// Every parameter type, built-ins first, in the order they were defined.
    public private(set) var parameterTypes: [ParameterType] = []
    private var byName: [String: ParameterType] = [:]
    private var byRegexp: [String: [ParameterType]] = [:]

    /// A registry with the built-in parameter types.
    public init() {
        for parameterType in ParameterType.builtIns {
            // The built-ins have distinct names and at most one preferential type per regexp.
            try? define(parameterType)
        }
    }

    /// Adds a parameter type. Throws for an invalid or duplicate name, or for a second
    /// preferential type on a regexp that already has one.
    public mutating func define(_ parameterType: ParameterType) throws {
        if let name = parameterType.name {
            guard ParameterType.isValidName(name) else { throw Errors.invalidParameterTypeName(name) }
            if byName[name] != nil {
                if name.isEmpty {
                    throw CucumberExpressionError("The anonymous parameter type has already been defined")
                }
                throw CucumberExpressionError("There is already a parameter type with name \(name)")
            }
        }
        for regexp in parameterType.regexps {
            let existing = byRegexp[regexp] ?? []
            if let first = existing.first, first.preferForRegexpMatch, parameterType.preferForRegexpMatch {
                throw CucumberExpressionError(
                    "There can only be one preferential parameter type per regexp. The regexp /\(regexp)/ is used for "
                        + "two preferential parameter types, {\(first.name ?? "")} and {\(parameterType.name ?? "")}")
            }
        }
        if let name = parameterType.name {
            byName[name] = parameterType
        }
        parameterTypes.append(parameterType)
        for regexp in parameterType.regexps {
            var types = byRegexp[regexp] ?? []
            if !types.contains(where: { $0.isSame(as: parameterType) }) {
                types.append(parameterType)
                types.sort(by: ParameterType.areInIncreasingOrder)
            }
            byRegexp[regexp] = types
        }
    }

    /// The parameter type named `name` (`""` is the anonymous `{}`).
    public func lookup(name: String) -> ParameterType? {
        byName[name]
    }

    /// The parameter types whose regexps include exactly `regexp`, preferential first.
    public func lookup(regexp: String) -> [ParameterType] {
        byRegexp[regexp] ?? []
    }
}
