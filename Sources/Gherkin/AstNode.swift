import Messages

/// A rule being built: the tokens it received and what its sub-rules built, each in its own typed slot
/// (the reference keeps a list per token or rule type; only the first is read where it reads one).
final class AstNode {
    let rule: RuleType
    /// Tokens in the order received (comments excepted: the builder keeps those apart).
    var tokens: [Token] = []
    var steps: [Step] = []
    var dataTable: DataTable?
    var docString: DocString?
    var background: Background?
    var scenarios: [Scenario] = []
    var examples: [Examples] = []
    var rules: [Rule] = []
    var rows: [TableRow]?
    var description: String?
    var feature: Feature?
    var document: GherkinDocument?
    /// Sub-rules kept as nodes (Tags, FeatureHeader, RuleHeader, Scenario, Examples).
    var tags: AstNode?
    var header: AstNode?
    var body: AstNode?

    init(_ rule: RuleType) {
        self.rule = rule
    }

    /// The first token of `type`.
    func token(_ type: TokenType) -> Token? {
        for token in tokens where token.matchedType == type { return token }
        return nil
    }

    /// The matched texts of the tokens of `type`.
    func texts(_ type: TokenType) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(tokens.count)
        for token in tokens where token.matchedType == type { texts.append(token.matchedText ?? "") }
        return texts
    }
}
