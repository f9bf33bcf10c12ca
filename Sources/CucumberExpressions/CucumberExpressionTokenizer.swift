import Foundation

/// Splits a Cucumber Expression into tokens, exactly as the official tokenizer does.
public struct CucumberExpressionTokenizer: Sendable {
    public init() {}

    public func tokenize(_ expression: String) throws -> [Token] {
        let scalars = Array(expression.unicodeScalars)
        var tokens: [Token] = []
        var buffer = String.UnicodeScalarView()
        var bufferCount = 0
        var previousTokenType = TokenType.startOfLine
        var treatAsText = false
        var escaped = 0
        var bufferStartIndex = 0

        func convertBufferToToken(_ tokenType: TokenType) -> Token {
            var escapeTokens = 0
            if tokenType == .text {
                escapeTokens = escaped
                escaped = 0
            }
            let consumedIndex = bufferStartIndex + bufferCount + escapeTokens
            let token = Token(type: tokenType, text: String(buffer), start: bufferStartIndex, end: consumedIndex)
            buffer = String.UnicodeScalarView()
            bufferCount = 0
            bufferStartIndex = consumedIndex
            return token
        }

        func shouldCreateNewToken(_ previous: TokenType, _ current: TokenType) -> Bool {
            if current != previous { return true }
            return current != .whiteSpace && current != .text
        }

        if scalars.isEmpty {
            tokens.append(Token(type: .startOfLine, text: "", start: 0, end: 0))
        }

        for scalar in scalars {
            if !treatAsText && scalar == "\\" {
                escaped += 1
                treatAsText = true
                continue
            }
            let currentTokenType: TokenType
            if treatAsText {
                guard Token.canEscape(scalar) else {
                    throw Errors.cantEscape(expression, bufferStartIndex + bufferCount + escaped)
                }
                currentTokenType = .text
            } else {
                currentTokenType = TokenType.of(scalar)
            }
            treatAsText = false

            if previousTokenType == .startOfLine || shouldCreateNewToken(previousTokenType, currentTokenType) {
                tokens.append(convertBufferToToken(previousTokenType))
            }
            previousTokenType = currentTokenType
            buffer.append(scalar)
            bufferCount += 1
        }

        if bufferCount > 0 {
            tokens.append(convertBufferToToken(previousTokenType))
        }
        if treatAsText {
            throw Errors.theEndOfLineCanNotBeEscaped(expression)
        }
        tokens.append(Token(type: .endOfLine, text: "", start: scalars.count, end: scalars.count))
        return tokens
    }
}
