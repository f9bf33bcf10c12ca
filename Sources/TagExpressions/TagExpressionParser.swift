import Foundation

/// The official shunting-yard parser for tag expressions.
struct TagExpressionParser {
    private enum Expected: String {
        case operand, `operator`
    }

    private enum Operator: String {
        case openParenthesis = "(", closeParenthesis = ")", or, and, not

        var precedence: Int {
            switch self {
            case .openParenthesis: return -2
            case .closeParenthesis: return -1
            case .or: return 0
            case .and: return 1
            case .not: return 2
            }
        }

        var isLeftAssociative: Bool { self != .not }
        var isOperator: Bool { self == .or || self == .and || self == .not }
    }

    let source: String

    /// The deepest tree accepted: evaluating, printing and freeing a tree recurse once per level, and a million
    /// `not`s (or a chain of a million `and`s) overflowed the stack. A chain of 10,000 tags joined by `or` fits.
    static let maximumDepth = 10_000

    func parse() throws -> TagExpressionNode {
        let tokens = try TagExpressionTokenizer(source: source).tokenize()
        if tokens.isEmpty { return .always }

        var expressions: [TagExpressionNode] = []
        var depths: [Int] = []  // the depth of each tree in `expressions`
        var operators: [Operator] = []
        var expected = Expected.operand

        for token in tokens {
            switch Operator(rawValue: token) {
            case .not?:
                try check(expected, .operand)
                operators.append(.not)
                expected = .operand
            case let binary? where binary == .and || binary == .or:
                try check(expected, .operator)
                while let top = operators.last, top.isOperator,
                    (binary.isLeftAssociative && binary.precedence <= top.precedence)
                        || (!binary.isLeftAssociative && binary.precedence < top.precedence)
                {
                    try push(operators.removeLast(), onto: &expressions, depths: &depths)
                }
                operators.append(binary)
                expected = .operand
            case .openParenthesis?:
                try check(expected, .operand)
                operators.append(.openParenthesis)
                expected = .operand
            case .closeParenthesis?:
                try check(expected, .operator)
                while let top = operators.last, top != .openParenthesis {
                    try push(operators.removeLast(), onto: &expressions, depths: &depths)
                }
                guard operators.last == .openParenthesis else {
                    throw TagExpressionError(expression: source, problem: "Unmatched )")
                }
                operators.removeLast()
                expected = .operator
            default:
                try check(expected, .operand)
                expressions.append(.literal(token))
                depths.append(1)
                expected = .operator
            }
        }

        while let top = operators.popLast() {
            if top == .openParenthesis {
                throw TagExpressionError(expression: source, problem: "Unmatched (")
            }
            try push(top, onto: &expressions, depths: &depths)
        }
        guard expressions.count == 1, let result = expressions.first else {
            throw TagExpressionError(expression: source, problem: "Expected operand")
        }
        return result
    }

    private func checkDepth(_ depth: Int) throws {
        guard depth > Self.maximumDepth else { return }
        throw TagExpressionError(
            expression: String(source.prefix(80)) + (source.count > 80 ? "…" : ""),
            problem: "nested deeper than \(Self.maximumDepth) levels (each and, or and not is one)")
    }

    private func check(_ expected: Expected, _ actual: Expected) throws {
        if expected != actual {
            throw TagExpressionError(expression: source, problem: "Expected \(expected.rawValue)")
        }
    }

    private func push(_ op: Operator, onto stack: inout [TagExpressionNode], depths: inout [Int]) throws {
        switch op {
        case .and, .or:
            guard stack.count >= 2 else {
                throw TagExpressionError(expression: source, problem: "Expected operand")
            }
            let right = stack.removeLast()
            let left = stack.removeLast()
            let depth = max(depths.removeLast(), depths.removeLast()) + 1
            try checkDepth(depth)
            stack.append(op == .and ? .and(left, right) : .or(left, right))
            depths.append(depth)
        case .not:
            guard let operand = stack.popLast() else {
                throw TagExpressionError(expression: source, problem: "Expected operand")
            }
            let depth = depths.removeLast() + 1
            try checkDepth(depth)
            stack.append(.not(operand))
            depths.append(depth)
        case .openParenthesis, .closeParenthesis:
            throw TagExpressionError(expression: source, problem: "Unmatched \(op.rawValue)")
        }
    }
}
