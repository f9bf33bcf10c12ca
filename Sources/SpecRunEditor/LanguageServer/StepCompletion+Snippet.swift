import CucumberExpressions

/// A step definition's expression as the text a completion inserts: a step its definition matches, each parameter a
/// placeholder. Cucumber Expression syntax is not step text: `cucumber(s)` is written `cucumbers`, `eat/drink` is
/// `eat`, `\(` is `(`; a regular expression loses its anchors, a `?` keeps what it makes optional, a group is a
/// placeholder (its first alternative when it lists words).
extension StepCompletion {
    /// `I have {int} cucumber(s)` → `I have ${1:int} cucumbers`: the expression's syntax tree (`CucumberExpressions`)
    /// walked; one that does not parse is written as it is.
    static func snippet(_ expression: String) -> String {
        guard let tree = try? CucumberExpressionParser().parse(expression) else { return snippetText(expression) }
        return snippet(tree: tree)
    }

    /// The text of an expression's syntax tree.
    static func snippet(tree: Node) -> String {
        var index = 0
        return snippet(tree.nodes, index: &index)
    }

    /// The nodes as step text: text as written (its escapes undone by the parser), an optional's text, an
    /// alternation's first alternative, a parameter a placeholder named by its type (`value` for `{}`).
    private static func snippet(_ nodes: [Node], index: inout Int) -> String {
        var out = ""
        for node in nodes {
            switch node.type {
            case .text:
                out += node.text.map(escaped).joined()
            case .optional, .alternative, .expression:
                // Optional text, written: a step reads the same with it, and its plural is the common case.
                out += snippet(node.nodes, index: &index)
            case .alternation:
                out += node.nodes.first.map { snippet($0.nodes, index: &index) } ?? ""
            case .parameter:
                index += 1
                out += "${\(index):\(node.text.isEmpty ? "value" : node.text)}"
            }
        }
        return out
    }

    /// `^I have (\d+) cucumbers? left$` → `I have ${1:0} cucumbers left`; constructs it does not know are kept.
    static func snippet(regex: String) -> String {
        var characters = Array(regex)[...]
        if characters.first == "^" { characters.removeFirst() }
        if characters.last == "$", characters.dropLast().last != "\\" { characters.removeLast() }
        var out = ""
        var index = 0
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let next = characters.popFirst() else { break }
                switch next {
                case "d": out += "0"
                case "s": out += " "
                case "w": out += "a"
                default: out += escaped(next)
                }
                if characters.first == "+" || characters.first == "*" { characters.removeFirst() }
            case "(":
                var depth = 1
                var group = ""
                while let inner = characters.popFirst() {
                    if inner == "\\", let next = characters.popFirst() { group += "\\" + String(next); continue }
                    if inner == "(" { depth += 1 } else if inner == ")" { depth -= 1; if depth == 0 { break } }
                    group.append(inner)
                }
                if characters.first == "?" { characters.removeFirst() }
                if group.hasPrefix("?:") {
                    out += snippet(regex: String(group.dropFirst(2)).split(separator: "|").first.map(String.init) ?? "")
                    continue
                }
                index += 1
                out += "${\(index):\(placeholder(group))}"
            case "?", "+", "*":
                continue
            default:
                out += escaped(character)
            }
        }
        return out
    }

    /// A capture group's placeholder: its first alternative when it lists words, else what it stands for.
    private static func placeholder(_ group: String) -> String {
        let alternatives = group.split(separator: "|", omittingEmptySubsequences: false)
        if let first = alternatives.first, alternatives.count > 1,
            first.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "'" })
        {
            return String(first).map(escaped).joined()
        }
        if group.contains("\\d") { return "0" }
        return "value"
    }

    /// A character of step text in a snippet (`$`, `}` and `\` are the snippet syntax's).
    private static func escaped(_ character: Character) -> String {
        character == "$" || character == "}" || character == "\\" ? "\\" + String(character) : String(character)
    }
}
