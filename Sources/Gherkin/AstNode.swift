import Messages

/// A rule being built: the tokens it received and what its sub-rules built, each in its own typed slot
/// (the reference keeps a list per token or rule type; only the first is read where it reads one).
final class AstNode {
    let rule: RuleType
    /// Tokens in the order received (comments excepted: the builder keeps those apart). Most nodes get a
    /// single token, kept apart from the others to save an array.
    @exclusivity(unchecked) private var firstToken: Token?
    @exclusivity(unchecked) private var otherTokens: [Token] = []
    @exclusivity(unchecked) var steps: [Step] = []
    @exclusivity(unchecked) var dataTable: DataTable?
    @exclusivity(unchecked) var docString: DocString?
    @exclusivity(unchecked) var background: Background?
    @exclusivity(unchecked) var scenarios: [Scenario] = []
    @exclusivity(unchecked) var examples: [Examples] = []
    @exclusivity(unchecked) var rules: [Rule] = []
    @exclusivity(unchecked) var rows: [TableRow]?
    @exclusivity(unchecked) var description: String?
    @exclusivity(unchecked) var feature: Feature?
    @exclusivity(unchecked) var document: GherkinDocument?
    /// Sub-rules kept as nodes (Tags, FeatureHeader, RuleHeader, Scenario, Examples).
    @exclusivity(unchecked) var tags: AstNode?
    @exclusivity(unchecked) var header: AstNode?
    @exclusivity(unchecked) var body: AstNode?

    init(_ rule: RuleType) {
        self.rule = rule
    }

    func add(_ token: Token) {
        if firstToken == nil { firstToken = token } else { otherTokens.append(token) }
    }

    var tokenCount: Int { firstToken == nil ? 0 : 1 + otherTokens.count }

    /// Calls `body` with each token of `type`, in order.
    @inline(__always)
    func forEachToken<E: Error>(_ type: TokenType, _ body: (Token) throws(E) -> Void) throws(E) {
        guard let first = firstToken else { return }
        if first.matchedType == type { try body(first) }
        for token in otherTokens where token.matchedType == type { try body(token) }
    }

    /// The first token of `type`.
    func token(_ type: TokenType) -> Token? {
        if let first = firstToken, first.matchedType == type { return first }
        for token in otherTokens where token.matchedType == type { return token }
        return nil
    }

    /// The matched texts of the tokens of `type`.
    func texts(_ type: TokenType) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(tokenCount)
        forEachToken(type) { texts.append($0.matchedText ?? "") }
        return texts
    }
}
