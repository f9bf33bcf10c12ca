import Foundation

/// A parsed tag expression such as `@smoke and not (@slow or @wip)`.
///
/// Semantics, precedence and `description` follow the official cucumber/tag-expressions
/// implementation: `not` binds tighter than `and`, which binds tighter than `or`;
/// `and`/`or` are left-associative; `description` renders the fully parenthesised form
/// (`( ( a and b ) or not ( c ) )`). The empty expression matches every tag set.
public struct TagExpression: Sendable, Equatable, CustomStringConvertible {
    let root: TagExpressionNode

    init(root: TagExpressionNode) {
        self.root = root
    }

    /// Parses `source`, throwing a `TagExpressionError` with the official message on bad syntax.
    public static func parse(_ source: String) throws -> TagExpression {
        TagExpression(root: try TagExpressionParser(source: source).parse())
    }

    /// Whether a pickle with these tags (e.g. `["@smoke", "@fast"]`) is selected.
    public func evaluate(_ tags: [String]) -> Bool {
        // A pickle has a handful of tags: looking along them costs less than making a set of them (which was a
        // tenth of the supervisor's main thread at 50,000 scenarios, for the default `@serial` alone).
        guard tags.count > Self.fewTags else { return root.evaluate(Set(tags)) }
        return root.evaluate { tag in tags.contains(tag) }
    }

    /// Up to this many tags are searched in place.
    static let fewTags = 16

    /// Same as `evaluate(_:)`, with a labelled argument.
    public func evaluate(tags: [String]) -> Bool {
        evaluate(tags)
    }

    /// Same as `evaluate(_:)` for callers that already hold a set.
    public func evaluate(_ tags: Set<String>) -> Bool {
        root.evaluate(tags)
    }

    /// The expression as the official `toString()` renders it.
    public var description: String {
        root.description
    }
}
