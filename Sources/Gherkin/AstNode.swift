import Messages

/// What a node keeps of a token: its match, without the line and the matcher's caches (which a Token carries
/// and which would be moved several times on its way into a node).
/// Filled in place (`fill(taking:)`): a BuiltToken made, then stored, was copied on the way.
struct BuiltToken {
    private(set) var matchedType = TokenType.other
    private(set) var matchedKeywordType: StepKeywordType?
    private(set) var lineNumber = 0
    private(set) var column: Int?
    var matchedText: String?
    var matchedKeyword: String?
    var matchedItems: [LineSpan] = []

    /// The match of `token`, its strings and items moved out, not copied (the token is dropped after).
    mutating func fill(taking token: inout Token) {
        matchedType = token.matchedType ?? .other
        matchedKeywordType = token.matchedKeywordType
        lineNumber = token.lineNumber
        column = token.column
        matchedText = token.matchedText.take()
        matchedKeyword = token.matchedKeyword.take()
        matchedItems = take(&token.matchedItems, leaving: [])
    }

    var location: Location { Location(line: lineNumber, column: column) }
}

/// The slots that few nodes fill (a step's argument, an outline's examples, a table's rows, a feature's or
/// rule's children), in an object made only for them: a node per step would otherwise carry them all.
final class AstNodeParts {
    var dataTable: DataTable?
    var docString: DocString?
    var background: Background?
    var scenarios: [Scenario] = []
    var examples: [Examples] = []
    var rules: [Rule] = []
    var rows: [TableRow]?
}

/// A rule being built: the tokens it received and what its sub-rules built, each in its own typed slot
/// (the reference keeps a list per token or rule type; only the first is read where it reads one).
///
/// A value on the builder's stack, not an object: there is one per step, tag group, table, …, and as objects
/// each cost an allocation and a deinit. The sub-rules the reference keeps whole (Tags; FeatureHeader,
/// RuleHeader; the Scenario or Examples under its definition) are merged into their parent instead, which
/// reads them only once it ends: a header or body brings its line token, description, steps, examples or
/// rows, a Tags rule its tag lines.
struct AstNode {
    let rule: RuleType
    /// Tokens in the order received (comments and empty lines excepted: nothing reads them here). Most nodes
    /// get a single token, kept apart from the others to save an array.
    private var firstToken = BuiltToken()
    private var hasFirstToken = false
    private var otherTokens: [BuiltToken] = []
    var steps: [Step] = []
    var description: String?
    /// The tag lines of the Tags sub-rule (nil: none ended here).
    var tagLines: [BuiltToken]?
    /// Whether a header or body sub-rule has been merged in.
    private(set) var hasHeaderOrBody = false
    /// The rarer slots, made when one is filled.
    private(set) var parts: AstNodeParts?

    init(_ rule: RuleType) {
        self.rule = rule
    }

    /// The rarer slots, made if need be, to be filled.
    var filling: AstNodeParts {
        mutating get {
            if let parts { return parts }
            let made = AstNodeParts()
            parts = made
            return made
        }
    }

    /// Keeps the match of `token`, moved out of it (made in place: a BuiltToken passed along gets copied).
    mutating func add(taking token: inout Token) {
        if !hasFirstToken {
            firstToken.fill(taking: &token)
            hasFirstToken = true
        } else {
            var built = BuiltToken()
            built.fill(taking: &token)
            otherTokens.append(built)
        }
    }

    var tokenCount: Int { hasFirstToken ? 1 + otherTokens.count : 0 }

    /// Calls `body` with each token of `type`, in order.
    @inline(__always)
    func forEachToken<E: Error>(_ type: TokenType, _ body: (borrowing BuiltToken) throws(E) -> Void) throws(E) {
        // Read in place: binding a token (`if let`, `for … in`) copies it, a retain per field.
        if hasFirstToken, firstToken.matchedType == type { try body(firstToken) }
        for index in otherTokens.indices where otherTokens[index].matchedType == type { try body(otherTokens[index]) }
    }

    /// The first token of `type`, taken out of the node (which is about to be dropped).
    mutating func takeToken(_ type: TokenType) -> BuiltToken? {
        if hasFirstToken, firstToken.matchedType == type {
            hasFirstToken = false
            return take(&firstToken, leaving: BuiltToken())
        }
        return otherTokens.first { $0.matchedType == type }
    }

    /// Every token, taken out of the node.
    mutating func takeTokens() -> [BuiltToken] {
        guard hasFirstToken else { return [] }
        hasFirstToken = false
        var tokens: [BuiltToken] = []
        tokens.reserveCapacity(1 + otherTokens.count)
        tokens.append(take(&firstToken, leaving: BuiltToken()))
        for token in drain(&otherTokens) { tokens.append(token) }
        return tokens
    }

    /// The matched texts of the tokens of `type`.
    func texts(_ type: TokenType) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(tokenCount)
        forEachToken(type) { texts.append($0.matchedText ?? "") }
        return texts
    }

    /// Takes in a header (FeatureHeader, RuleHeader) or a body (Scenario, Examples) that just ended, its contents
    /// moved out (it is dropped after): the parent had neither tokens, steps, examples, rows nor a description of its
    /// own, so nothing is mixed.
    mutating func merge(taking part: inout AstNode) {
        hasHeaderOrBody = true
        firstToken = take(&part.firstToken, leaving: BuiltToken())
        hasFirstToken = part.hasFirstToken
        otherTokens = take(&part.otherTokens, leaving: [])
        steps = take(&part.steps, leaving: [])
        description = part.description.take()
        parts = part.parts.take()
        if let tags = part.tagLines.take() { tagLines = tags }
    }
}
