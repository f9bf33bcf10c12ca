import Foundation

/// Parses tokens into a syntax tree, with the official grammar:
///
///     cucumber-expression := ( alternation | optional | parameter | text )*
///     alternation := (?<=left-boundary) + alternative* + ( '/' + alternative* )+ + (?=right-boundary)
///     left-boundary := whitespace | } | ^
///     right-boundary := whitespace | { | $
///     alternative := optional | parameter | text
///     optional := '(' + option* + ')'
///     option := optional | parameter | text
///     parameter := '{' + name* + '}'
///     name := whitespace | .
///     text := whitespace | ')' | '}' | .
public struct CucumberExpressionParser: Sendable {
    private typealias Result = (consumed: Int, ast: [Node])

    private enum Parser {
        case text, name, parameter, optional, alternativeSeparator, alternation, expression
    }

    private let optionParsers: [Parser] = [.optional, .parameter, .text]
    private let alternativeParsers: [Parser] = [.alternativeSeparator, .optional, .parameter, .text]
    private let expressionParsers: [Parser] = [.alternation, .optional, .parameter, .text]

    public init() {}

    /// The syntax tree of `expression`, or a `CucumberExpressionError` pointing at the bad column.
    public func parse(_ expression: String) throws -> Node {
        let tokens = try CucumberExpressionTokenizer().tokenize(expression)
        let result = try parse(.expression, expression, tokens, 0)
        return result.ast[0]
    }

    private func parse(_ parser: Parser, _ expression: String, _ tokens: [Token], _ current: Int) throws -> Result {
        switch parser {
        case .text: return try parseText(expression, tokens, current)
        case .name: return try parseName(expression, tokens, current)
        case .parameter:
            return try parseBetween(.parameter, .beginParameter, .endParameter, [.name], expression, tokens, current)
        case .optional:
            return try parseBetween(.optional, .beginOptional, .endOptional, optionParsers, expression, tokens, current)
        case .alternativeSeparator:
            guard lookingAt(tokens, current, .alternation) else { return (0, []) }
            let token = tokens[current]
            return (1, [Node(.alternative, token: token.text, start: token.start, end: token.end)])
        case .alternation: return try parseAlternation(expression, tokens, current)
        case .expression:
            return try parseBetween(.expression, .startOfLine, .endOfLine, expressionParsers, expression, tokens, current)
        }
    }

    private func parseText(_ expression: String, _ tokens: [Token], _ current: Int) throws -> Result {
        let token = tokens[current]
        switch token.type {
        case .whiteSpace, .text, .endParameter, .endOptional:
            return (1, [Node(.text, token: token.text, start: token.start, end: token.end)])
        case .alternation:
            throw Errors.alternationNotAllowedInOptional(token, expression)
        default:
            return (0, [])
        }
    }

    private func parseName(_ expression: String, _ tokens: [Token], _ current: Int) throws -> Result {
        let token = tokens[current]
        switch token.type {
        case .whiteSpace, .text:
            return (1, [Node(.text, token: token.text, start: token.start, end: token.end)])
        case .beginOptional, .endOptional, .beginParameter, .endParameter, .alternation:
            throw Errors.invalidParameterTypeName(token, expression)
        case .startOfLine, .endOfLine:
            return (0, [])
        }
    }

    private func parseAlternation(_ expression: String, _ tokens: [Token], _ current: Int) throws -> Result {
        let previous = current - 1
        guard lookingAtAny(tokens, previous, [.startOfLine, .whiteSpace, .endParameter]) else { return (0, []) }
        let result = try parseTokensUntil(alternativeParsers, expression, tokens, current, [.whiteSpace, .endOfLine, .beginParameter])
        let subCurrent = current + result.consumed
        guard result.ast.contains(where: { $0.type == .alternative }) else { return (0, []) }
        let start = tokens[current].start
        let end = tokens[subCurrent].start
        // Does not consume the right hand boundary token.
        return (result.consumed, [Node(.alternation, nodes: splitAlternatives(start, end, result.ast), start: start, end: end)])
    }

    private func parseBetween(
        _ type: NodeType, _ begin: TokenType, _ end: TokenType, _ parsers: [Parser],
        _ expression: String, _ tokens: [Token], _ current: Int
    ) throws -> Result {
        guard lookingAt(tokens, current, begin) else { return (0, []) }
        var subCurrent = current + 1
        let result = try parseTokensUntil(parsers, expression, tokens, subCurrent, [end, .endOfLine])
        subCurrent += result.consumed
        guard lookingAt(tokens, subCurrent, end) else {
            throw Errors.missingEndToken(expression, begin, end, tokens[current])
        }
        let node = Node(type, nodes: result.ast, start: tokens[current].start, end: tokens[subCurrent].end)
        return (subCurrent + 1 - current, [node])
    }

    private func parseTokensUntil(
        _ parsers: [Parser], _ expression: String, _ tokens: [Token], _ startAt: Int, _ endTokens: [TokenType]
    ) throws -> Result {
        var current = startAt
        var ast: [Node] = []
        while current < tokens.count {
            if lookingAtAny(tokens, current, endTokens) { break }
            let result = try parseToken(parsers, expression, tokens, current)
            if result.consumed == 0 {
                // Only reachable if the grammar is misconfigured; avoids an infinite loop.
                throw CucumberExpressionError("No eligible parsers for the token at column \(tokens[current].start + 1) of \(expression)")
            }
            current += result.consumed
            ast += result.ast
        }
        return (current - startAt, ast)
    }

    private func parseToken(_ parsers: [Parser], _ expression: String, _ tokens: [Token], _ startAt: Int) throws -> Result {
        for parser in parsers {
            let result = try parse(parser, expression, tokens, startAt)
            if result.consumed != 0 { return result }
        }
        throw CucumberExpressionError("No eligible parsers for the token at column \(tokens[startAt].start + 1) of \(expression)")
    }

    private func lookingAtAny(_ tokens: [Token], _ at: Int, _ types: [TokenType]) -> Bool {
        types.contains { lookingAt(tokens, at, $0) }
    }

    private func lookingAt(_ tokens: [Token], _ at: Int, _ type: TokenType) -> Bool {
        if at < 0 {
            // If configured correctly this will never happen; keep for completeness.
            return type == .startOfLine
        }
        if at >= tokens.count {
            return type == .endOfLine
        }
        return tokens[at].type == type
    }

    private func splitAlternatives(_ start: Int, _ end: Int, _ alternation: [Node]) -> [Node] {
        var separators: [Node] = []
        var alternatives: [[Node]] = []
        var alternative: [Node] = []
        for node in alternation {
            if node.type == .alternative {
                separators.append(node)
                alternatives.append(alternative)
                alternative = []
            } else {
                alternative.append(node)
            }
        }
        alternatives.append(alternative)

        var nodes: [Node] = []
        for (index, nodesOfAlternative) in alternatives.enumerated() {
            let from = index == 0 ? start : separators[index - 1].end
            let to = index == alternatives.count - 1 ? end : separators[index].start
            nodes.append(Node(.alternative, nodes: nodesOfAlternative, start: from, end: to))
        }
        return nodes
    }
}
