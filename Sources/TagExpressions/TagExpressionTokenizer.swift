import Foundation

/// Splits a tag expression into words and parentheses; `\` escapes `(`, `)`, `\` and whitespace. A `\` that ends
/// the expression escapes nothing and is dropped, as in the official implementations (`@a\` is `@a`).
struct TagExpressionTokenizer {
    let source: String

    func tokenize() throws -> [String] {
        var tokens: [String] = []
        var token = String.UnicodeScalarView()
        var isEscaped = false
        func flush() {
            if !token.isEmpty {
                tokens.append(String(token))
                token = String.UnicodeScalarView()
            }
        }
        for scalar in source.unicodeScalars {
            if isEscaped {
                guard scalar == "(" || scalar == ")" || scalar == "\\" || Self.isWhitespace(scalar) else {
                    throw TagExpressionError(expression: source, problem: "Illegal escape before \"\(scalar)\"")
                }
                token.append(scalar)
                isEscaped = false
            } else if scalar == "\\" {
                isEscaped = true
            } else if scalar == "(" || scalar == ")" || Self.isWhitespace(scalar) {
                flush()
                if !Self.isWhitespace(scalar) {
                    tokens.append(String(scalar))
                }
            } else {
                token.append(scalar)
            }
        }
        flush()
        return tokens
    }

    /// JavaScript's `\s`: Unicode White_Space plus the byte order mark.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{FEFF}"
    }
}
