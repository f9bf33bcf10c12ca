/// The rules of the grammar that build something (the `!` rules of gherkin.berp).
enum RuleType: UInt8, Sendable {
    case none, gherkinDocument, feature, featureHeader, rule, ruleHeader, background, scenarioDefinition
    case scenario, examplesDefinition, examples, examplesTable, step, dataTable, docString, tags, description
}

/// One transition of a parser state: when the token is of `token` (and the lookahead, if any, agrees),
/// end the rules `end`, start the rules `start`, hand the token to the AST builder and go to `to`.
/// A plain value (rules packed in bytes) so that running the table costs no reference counting.
struct Transition: Sendable {
    let token: TokenType
    /// -1: none; 0: a scenario line follows the tags; 1: an examples line follows the tags.
    let lookahead: Int8
    let endCount: UInt8
    let startCount: UInt8
    let endRules: UInt64
    let startRules: UInt64
    let to: Int

    init(_ token: TokenType, lookahead: Int8? = nil, end: [RuleType] = [], start: [RuleType] = [], to: Int) {
        precondition(end.count <= 8 && start.count <= 8)
        self.token = token
        self.lookahead = lookahead ?? -1
        self.endCount = UInt8(end.count)
        self.startCount = UInt8(start.count)
        self.endRules = Self.pack(end)
        self.startRules = Self.pack(start)
        self.to = to
    }

    private static func pack(_ rules: [RuleType]) -> UInt64 {
        rules.enumerated().reduce(0) { $0 | UInt64($1.element.rawValue) << (8 * UInt64($1.offset)) }
    }

    @inline(__always)
    static func rule(_ packed: UInt64, _ index: UInt8) -> RuleType {
        RuleType(rawValue: UInt8(truncatingIfNeeded: packed >> (8 * UInt64(index))))!
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

    /// Every transition, state after state; `ranges[state]` says which are the state's.
    static let transitions: [Transition] = (0..<count).flatMap { table[$0]?.transitions ?? [] }
    static let ranges: [Range<Int>] = {
        var start = 0
        return (0..<count).map { state in
            let n = table[state]?.transitions.count ?? 0
            defer { start += n }
            return start..<(start + n)
        }
    }()
    static let expected: [String] = (0..<count).map { table[$0]?.expected ?? "" }

    private static var count: Int { (table.keys.max() ?? 0) + 1 }
}
