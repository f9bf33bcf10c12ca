import Foundation

/// A named kind of step argument: `{name}` in a Cucumber Expression matches one of `regexps`,
/// and `transform` turns the matched group values into a Swift value.
///
///     let color = ParameterType(name: "color", regexps: ["red|blue|yellow"]) { text in Color(rawValue: text) }
///     let flight = ParameterType.withGroups(name: "flight", regexps: [#"([A-Z]{3})-([A-Z]{3})"#]) { groups in
///         Flight(from: groups[0] ?? "", to: groups[1] ?? "")
///     }
///
/// The transformer receives the values of the capture groups inside the parameter's regexp,
/// or the whole match when it has none (the official `Group.values`). Groups that did not take
/// part in the match are `nil`.
public struct ParameterType: Sendable, CustomStringConvertible {
    /// The name used as `{name}`; `""` for the anonymous `{}`; nil for a capture group of a
    /// regular expression that no registered parameter type claims.
    public let name: String?
    /// The regular expressions this type matches (ICU / NSRegularExpression syntax, no anchors).
    public let regexps: [String]
    /// The Swift type the transformer produces, e.g. `"Int"` (for snippets and messages).
    public let typeName: String
    /// Whether the snippet generator may suggest `{name}` for undefined steps.
    public let useForSnippets: Bool
    /// Whether this type wins when several share a regexp used by a regular-expression step.
    public let preferForRegexpMatch: Bool
    private let transformer: @Sendable ([String?]) throws -> (any Sendable)?

    /// A parameter type whose transformer receives every group value (see the type's documentation).
    public static func withGroups<T: Sendable>(
        name: String?, regexps: [String], type: T.Type = T.self,
        useForSnippets: Bool = true, preferForRegexpMatch: Bool = false,
        transform: @escaping @Sendable ([String?]) throws -> T?
    ) -> ParameterType {
        ParameterType(
            name: name, regexps: regexps, type: type, useForSnippets: useForSnippets,
            preferForRegexpMatch: preferForRegexpMatch, transformGroups: transform)
    }

    init<T: Sendable>(
        name: String?, regexps: [String], type: T.Type = T.self,
        useForSnippets: Bool = true, preferForRegexpMatch: Bool = false,
        transformGroups: @escaping @Sendable ([String?]) throws -> T?
    ) {
        self.name = name
        self.regexps = regexps
        self.typeName = _typeName(type, qualified: false)
        self.useForSnippets = useForSnippets
        self.preferForRegexpMatch = preferForRegexpMatch
        self.transformer = { values in try transformGroups(values) }
    }

    /// A parameter type whose transformer receives the first group value (the whole match
    /// when the regexp has no capture group). A group that did not match gives `nil` without
    /// calling the transformer.
    public init<T: Sendable>(
        name: String?, regexps: [String], type: T.Type = T.self,
        useForSnippets: Bool = true, preferForRegexpMatch: Bool = false,
        transform: @escaping @Sendable (String) throws -> T?
    ) {
        self.init(
            name: name, regexps: regexps, type: type, useForSnippets: useForSnippets,
            preferForRegexpMatch: preferForRegexpMatch,
            transformGroups: { values in
                guard let first = values.first, let text = first else { return nil }
                return try transform(text)
            })
    }

    /// Applies the transformer to the group values of a match.
    public func transform(_ groupValues: [String?]) throws -> (any Sendable)? {
        try transformer(groupValues)
    }

    public var description: String {
        "{\(name ?? "")}"
    }

    /// Whether `name` is usable inside `{…}` of a Cucumber Expression.
    public static func isValidName(_ name: String) -> Bool {
        !name.unicodeScalars.contains { "{}()\\/".unicodeScalars.contains($0) }
    }

    /// Preferential types first, then by name (the official `ParameterType.compare`).
    static func areInIncreasingOrder(_ lhs: ParameterType, _ rhs: ParameterType) -> Bool {
        if lhs.preferForRegexpMatch != rhs.preferForRegexpMatch { return lhs.preferForRegexpMatch }
        return (lhs.name ?? "") < (rhs.name ?? "")
    }

    func isSame(as other: ParameterType) -> Bool {
        name == other.name && regexps == other.regexps && typeName == other.typeName
    }
}
