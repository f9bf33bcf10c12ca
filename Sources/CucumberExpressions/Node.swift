import Foundation

/// The kinds of node of a Cucumber Expression's syntax tree (the official `NodeType`).
public enum NodeType: String, Sendable, Equatable {
    case text = "TEXT_NODE"
    case optional = "OPTIONAL_NODE"
    case alternation = "ALTERNATION_NODE"
    case alternative = "ALTERNATIVE_NODE"
    case parameter = "PARAMETER_NODE"
    case expression = "EXPRESSION_NODE"
}

/// A node of the syntax tree; offsets count Unicode scalars of the expression (end exclusive).
public struct Node: Sendable, Equatable, Located {
    public let type: NodeType
    public let nodes: [Node]
    public let token: String?
    public let start: Int
    public let end: Int

    init(_ type: NodeType, nodes: [Node] = [], token: String? = nil, start: Int, end: Int) {
        self.type = type
        self.nodes = nodes
        self.token = token
        self.start = start
        self.end = end
    }

    /// The text of a text node, or the text of all children.
    public var text: String {
        if let token { return token }
        return nodes.map(\.text).joined()
    }
}
