import Foundation

/// Any problem with a Cucumber Expression, a regular expression step pattern or a parameter type.
/// `message` is the official wording; for syntax errors it shows the expression with a caret
/// (or `^---^` span) under the offending column, then the problem and how to fix it.
public struct CucumberExpressionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public let message: String
    /// Set when the problem is a `{name}` that no parameter type defines (the official
    /// `UndefinedParameterTypeError`), so a runner can emit an `undefinedParameterType` message.
    public let undefinedParameterTypeName: String?

    public init(_ message: String, undefinedParameterTypeName: String? = nil) {
        self.message = message
        self.undefinedParameterTypeName = undefinedParameterTypeName
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

/// The official error messages (cucumber-expressions `Errors.ts`).
enum Errors {
    static func message(_ index: Int, _ expression: String, _ pointer: String, _ problem: String, _ solution: String) -> String {
        "This Cucumber Expression has a problem at column \(index + 1):\n\n\(expression)\n\(pointer)\n\(problem).\n\(solution)"
    }

    static func pointAt(_ index: Int) -> String {
        String(repeating: " ", count: index) + "^"
    }

    static func pointAt(_ located: Located) -> String {
        var pointer = pointAt(located.start)
        if located.start + 1 < located.end {
            pointer += String(repeating: "-", count: max(0, located.end - 1 - (located.start + 1)))
            pointer += "^"
        }
        return pointer
    }

    static func alternativeMayNotExclusivelyContainOptionals(_ node: Node, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                node.start, expression, pointAt(node),
                "An alternative may not exclusively contain optionals",
                "If you did not mean to use an optional you can use '\\(' to escape the '('"))
    }

    static func alternativeMayNotBeEmpty(_ node: Node, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                node.start, expression, pointAt(node.start),
                "Alternative may not be empty",
                "If you did not mean to use an alternative you can use '\\/' to escape the '/'"))
    }

    static func optionalMayNotBeEmpty(_ node: Node, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                node.start, expression, pointAt(node),
                "An optional must contain some text",
                "If you did not mean to use an optional you can use '\\(' to escape the '('"))
    }

    static func parameterIsNotAllowedInOptional(_ node: Node, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                node.start, expression, pointAt(node),
                "An optional may not contain a parameter type",
                "If you did not mean to use an parameter type you can use '\\{' to escape the '{'"))
    }

    static func optionalIsNotAllowedInOptional(_ node: Node, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                node.start, expression, pointAt(node),
                "An optional may not contain an other optional",
                "If you did not mean to use an optional type you can use '\\(' to escape the '('. "
                    + "For more complicated expressions consider using a regular expression instead."))
    }

    static func alternationNotAllowedInOptional(_ token: Token, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                token.start, expression, pointAt(token),
                "An alternation can not be used inside an optional",
                "If you did not mean to use an alternation you can use '\\/' to escape the '/'. "
                    + "Otherwise rephrase your expression or consider using a regular expression instead."))
    }

    static func theEndOfLineCanNotBeEscaped(_ expression: String) -> CucumberExpressionError {
        let index = expression.unicodeScalars.count - 1
        return CucumberExpressionError(
            message(
                index, expression, pointAt(index),
                "The end of line can not be escaped",
                "You can use '\\\\' to escape the '\\'"))
    }

    static func cantEscape(_ expression: String, _ index: Int) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                index, expression, pointAt(index),
                "Only the characters '{', '}', '(', ')', '\\', '/' and whitespace can be escaped",
                "If you did mean to use an '\\' you can use '\\\\' to escape it"))
    }

    static func missingEndToken(_ expression: String, _ begin: TokenType, _ end: TokenType, _ current: Token) -> CucumberExpressionError {
        let beginSymbol = begin.symbol
        let endSymbol = end.symbol
        let purpose = begin.purpose
        return CucumberExpressionError(
            message(
                current.start, expression, pointAt(current),
                "The '\(beginSymbol)' does not have a matching '\(endSymbol)'",
                "If you did not intend to use \(purpose) you can use '\\\(beginSymbol)' to escape the \(purpose)"))
    }

    static func invalidParameterTypeName(_ token: Token, _ expression: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                token.start, expression, pointAt(token.start),
                "Parameter names may not contain '{', '}', '(', ')', '\\' or '/'",
                "Did you mean to use a regular expression?"))
    }

    static func undefinedParameterType(_ node: Node, _ expression: String, _ name: String) -> CucumberExpressionError {
        CucumberExpressionError(
            message(
                node.start, expression, pointAt(node),
                "Undefined parameter type '\(name)'",
                "Please register a ParameterType for '\(name)'"), undefinedParameterTypeName: name)
    }

    static func invalidParameterTypeName(_ name: String) -> CucumberExpressionError {
        CucumberExpressionError(
            "Illegal character in parameter name {\(name)}. Parameter names may not contain '{', '}', '(', ')', '\\' or '/'")
    }
}

/// Anything with a start and end offset (in Unicode scalars) in the expression.
protocol Located {
    var start: Int { get }
    var end: Int { get }
}
