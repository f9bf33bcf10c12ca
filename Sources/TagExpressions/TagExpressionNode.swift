import Foundation

/// The tree of a tag expression: the official Literal, And, Or, Not and True nodes.
indirect enum TagExpressionNode: Sendable, Equatable, CustomStringConvertible {
    case literal(String)
    case and(TagExpressionNode, TagExpressionNode)
    case or(TagExpressionNode, TagExpressionNode)
    case not(TagExpressionNode)
    case always

    func evaluate(_ tags: Set<String>) -> Bool {
        evaluate { tags.contains($0) }
    }

    /// Whether tags of which `has` says which are there match.
    func evaluate(_ has: (String) -> Bool) -> Bool {
        switch self {
        case let .literal(name): return has(name)
        case let .and(left, right): return left.evaluate(has) && right.evaluate(has)
        case let .or(left, right): return left.evaluate(has) || right.evaluate(has)
        case let .not(operand): return !operand.evaluate(has)
        case .always: return true
        }
    }

    var description: String {
        switch self {
        case let .literal(name): return Self.escape(name)
        case let .and(left, right): return "( \(left) and \(right) )"
        case let .or(left, right): return "( \(left) or \(right) )"
        case let .not(operand):
            switch operand {
            case .and, .or: return "not \(operand)"
            default: return "not ( \(operand) )"
            }
        case .always: return ""
        }
    }

    /// Escapes backslashes, parentheses and whitespace the way the official `Literal.toString` does.
    private static func escape(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "(": result += "\\("
            case ")": result += "\\)"
            default:
                if TagExpressionTokenizer.isWhitespace(scalar) {
                    result += "\\"
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
