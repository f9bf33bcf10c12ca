import Messages

/// What a node of the AST under construction holds: tokens, nodes kept as they are, or built messages.
enum AstItem {
    case token(Token)
    case node(AstNode)
    case step(Step)
    case docString(DocString)
    case dataTable(DataTable)
    case background(Background)
    case scenario(Scenario)
    case examples(Examples)
    case rows([TableRow])
    case description(String)
    case rule(Rule)
    case feature(Feature)
    case document(GherkinDocument)
    case nothing
}

/// A rule being built: its sub-items by token type or rule type, in the order they came.
final class AstNode {
    enum Key: Equatable {
        case token(TokenType)
        case rule(RuleType)
    }

    let rule: RuleType
    private var items: [(key: Key, item: AstItem)] = []

    init(_ rule: RuleType) {
        self.rule = rule
    }

    func add(_ key: Key, _ item: AstItem) {
        items.append((key, item))
    }

    func single(_ key: Key) -> AstItem? {
        for entry in items where entry.key == key { return entry.item }
        return nil
    }

    func all(_ key: Key) -> [AstItem] {
        items.compactMap { $0.key == key ? $0.item : nil }
    }

    func token(_ type: TokenType) -> Token? {
        if case .token(let token)? = single(.token(type)) { return token }
        return nil
    }

    func tokens(_ type: TokenType) -> [Token] {
        items.compactMap { entry in
            if entry.key == .token(type), case .token(let token) = entry.item { return token }
            return nil
        }
    }

    func node(_ rule: RuleType) -> AstNode? {
        if case .node(let node)? = single(.rule(rule)) { return node }
        return nil
    }

    var description: String {
        if case .description(let text)? = single(.rule(.description)) { return text }
        return ""
    }

    var steps: [Step] {
        all(.rule(.step)).compactMap { if case .step(let step) = $0 { return step } else { return nil } }
    }
}
