import Foundation

/// A capture group of a match, with its nested capture groups (the official `Group`).
/// Offsets count Unicode scalars of the matched text; they and `value` are nil when the
/// group did not take part in the match (e.g. an optional group).
public struct Group: Sendable, Equatable {
    public let value: String?
    public let start: Int?
    public let end: Int?
    public let children: [Group]

    public init(value: String?, start: Int?, end: Int?, children: [Group]) {
        self.value = value
        self.start = start
        self.end = end
        self.children = children
    }

    /// The values handed to a transformer: the children's values, or this group's value
    /// when it has no children.
    public var values: [String?] {
        children.isEmpty ? [value] : children.map(\.value)
    }
}
