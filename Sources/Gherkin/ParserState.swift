/// The rules of the grammar that build something (the `!` rules of gherkin.berp).
enum RuleType: UInt8, Sendable {
    case none, gherkinDocument, feature, featureHeader, rule, ruleHeader, background, scenarioDefinition
    case scenario, examplesDefinition, examples, examplesTable, step, dataTable, docString, tags, description
}

/// One transition of a parser state: when the token is of `token` (and the lookahead, if any, agrees),
/// end the rules `end`, start the rules `start`, hand the token to the AST builder and go to `to`.
struct Transition: Sendable {
    let token: TokenType
    /// 0: a scenario line follows the tags; 1: an examples line follows the tags.
    let lookahead: Int8?
    let end: [RuleType]
    let start: [RuleType]
    let to: Int

    init(_ token: TokenType, lookahead: Int8? = nil, end: [RuleType] = [], start: [RuleType] = [], to: Int) {
        self.token = token
        self.lookahead = lookahead
        self.end = end
        self.start = start
        self.to = to
    }
}

/// A state of the parser: its transitions in the order they are tried, and the expected tokens
/// named in the error when none applies.
struct ParserState: Sendable {
    let transitions: [Transition]
    let expected: String
}

enum ParserStates {
    /// The end state, reached on EOF.
    static let end = 42

    /// The states indexed by number.
    static let states: [ParserState] = {
        let count = (table.keys.max() ?? 0) + 1
        return (0..<count).map { table[$0] ?? ParserState(transitions: [], expected: "") }
    }()
}
