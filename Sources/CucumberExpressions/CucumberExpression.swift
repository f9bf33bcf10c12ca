import Foundation

/// A Cucumber Expression such as `I have {int} cucumber(s) in my belly/stomach`.
///
/// Built as the official implementation: tokenizer → parser → syntax tree → anchored regular
/// expression. Creating one throws a `CucumberExpressionError` whose message points at the
/// offending column (bad syntax, unknown parameter type, empty optional, …).
public struct CucumberExpression: StepExpression, CustomStringConvertible {
    public let source: String
    public let regexp: String
    /// The parameter types of the expression's parameters, in order.
    public let parameterTypes: [ParameterType]
    /// The syntax tree.
    public let ast: Node
    private let treeRegexp: TreeRegexp

    public init(_ expression: String, registry: ParameterTypeRegistry) throws {
        let ast = try CucumberExpressionParser().parse(expression)
        var compiler = RegexCompiler(expression: expression, registry: registry)
        let regexp = try compiler.rewrite(ast)
        self.source = expression
        self.ast = ast
        self.regexp = regexp
        self.parameterTypes = compiler.parameterTypes
        self.treeRegexp = try TreeRegexp(regexp)
    }

    public func match(_ text: String) -> [Argument]? {
        guard let group = treeRegexp.match(text) else { return nil }
        return Argument.build(group, parameterTypes)
    }

    public var description: String { source }
}

/// Turns the syntax tree into the official regular expression, checking what the grammar allows
/// but the expression may not contain (parameters or optionals inside optionals, empty parts).
private struct RegexCompiler {
    let expression: String
    let registry: ParameterTypeRegistry
    var parameterTypes: [ParameterType] = []

    init(expression: String, registry: ParameterTypeRegistry) {
        self.expression = expression
        self.registry = registry
    }

    mutating func rewrite(_ node: Node) throws -> String {
        switch node.type {
        case .text:
            return Self.escapeRegex(node.text)
        case .optional:
            if let parameter = node.nodes.first(where: { $0.type == .parameter }) {
                throw Errors.parameterIsNotAllowedInOptional(parameter, expression)
            }
            if let optional = node.nodes.first(where: { $0.type == .optional }) {
                throw Errors.optionalIsNotAllowedInOptional(optional, expression)
            }
            if !node.nodes.contains(where: { $0.type == .text }) {
                throw Errors.optionalMayNotBeEmpty(node, expression)
            }
            return "(?:\(try rewriteAll(node.nodes)))?"
        case .alternation:
            for alternative in node.nodes {
                if alternative.nodes.isEmpty {
                    throw Errors.alternativeMayNotBeEmpty(alternative, expression)
                }
                if !alternative.nodes.contains(where: { $0.type == .text }) {
                    throw Errors.alternativeMayNotExclusivelyContainOptionals(alternative, expression)
                }
            }
            var alternatives: [String] = []
            for alternative in node.nodes {
                alternatives.append(try rewrite(alternative))
            }
            return "(?:\(alternatives.joined(separator: "|")))"
        case .alternative:
            return try rewriteAll(node.nodes)
        case .parameter:
            let name = node.text
            guard let parameterType = registry.lookup(name: name) else {
                throw Errors.undefinedParameterType(node, expression, name)
            }
            parameterTypes.append(parameterType)
            let regexps = parameterType.regexps
            if regexps.count == 1 {
                return "(\(regexps[0]))"
            }
            return "((?:\(regexps.joined(separator: ")|(?:"))))"
        case .expression:
            return "^\(try rewriteAll(node.nodes))$"
        }
    }

    private mutating func rewriteAll(_ nodes: [Node]) throws -> String {
        var result = ""
        for node in nodes {
            result += try rewrite(node)
        }
        return result
    }

    /// Escapes `\ ^ [ ( { $ . | ? * + } ) ]` like the official `ESCAPE_PATTERN`.
    static func escapeRegex(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if "\\^[({$.|?*+})]".unicodeScalars.contains(scalar) {
                result.append("\\")
            }
            result.append(scalar)
        }
        return String(result)
    }
}
