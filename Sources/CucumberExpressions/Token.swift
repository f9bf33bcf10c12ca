import Foundation

/// The kinds of token of a Cucumber Expression (the official `TokenType`).
public enum TokenType: String, Sendable, Equatable {
    case startOfLine = "START_OF_LINE"
    case endOfLine = "END_OF_LINE"
    case whiteSpace = "WHITE_SPACE"
    case beginOptional = "BEGIN_OPTIONAL"
    case endOptional = "END_OPTIONAL"
    case beginParameter = "BEGIN_PARAMETER"
    case endParameter = "END_PARAMETER"
    case alternation = "ALTERNATION"
    case text = "TEXT"

    static func of(_ scalar: Unicode.Scalar) -> TokenType {
        if Token.isWhitespace(scalar) { return .whiteSpace }
        switch scalar {
        case "/": return .alternation
        case "{": return .beginParameter
        case "}": return .endParameter
        case "(": return .beginOptional
        case ")": return .endOptional
        default: return .text
        }
    }

    var symbol: String {
        switch self {
        case .beginOptional: return "("
        case .endOptional: return ")"
        case .beginParameter: return "{"
        case .endParameter: return "}"
        case .alternation: return "/"
        default: return ""
        }
    }

    var purpose: String {
        switch self {
        case .beginOptional, .endOptional: return "optional text"
        case .beginParameter, .endParameter: return "a parameter"
        case .alternation: return "alternation"
        default: return ""
        }
    }
}

/// A token with its offsets in Unicode scalars (end exclusive; escapes included in the span).
public struct Token: Sendable, Equatable, Located {
    public let type: TokenType
    public let text: String
    public let start: Int
    public let end: Int

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }

    static func canEscape(_ scalar: Unicode.Scalar) -> Bool {
        if isWhitespace(scalar) { return true }
        switch scalar {
        case "\\", "/", "{", "}", "(", ")": return true
        default: return false
        }
    }
}
