import Foundation

/// Suggests Cucumber Expressions for the text of an undefined step, as Cucumber does for snippets:
/// `I have 42 "red" cukes` → `I have {int} {string} cukes`, then `I have {float} {string} cukes`, …
///
/// Only parameter types with `useForSnippets` are used (of the built-ins: `{int}`, `{float}` and
/// `{string}`). A match must stand as a whole word (bounded by the start or end of the text,
/// whitespace, punctuation or a symbol). When several types match the same text, one expression
/// is generated for each combination (preferential types first, at most 256 expressions, and no more
/// once they add up to 1 MiB).
public struct CucumberExpressionGenerator: Sendable {
    static let maxExpressions = 256
    /// Expressions stop once their sources add up to this many bytes (the first is always made): only a text
    /// of several kilobytes reaches it, where 256 copies would cost far more than they could help.
    static let maxTotalLength = 1 << 20
    private let matchers: [ParameterTypeMatcher]

    public init(registry: ParameterTypeRegistry) { self.init(registry: registry, scanByHand: true) }

    init(registry: ParameterTypeRegistry, scanByHand: Bool) {
        matchers = registry.parameterTypes
            .filter(\.useForSnippets)
            .flatMap { parameterType in
                parameterType.regexps.compactMap {
                    try? ParameterTypeMatcher(parameterType: parameterType, regexp: $0, scanByHand: scanByHand)
                }
            }
    }

    public func generateExpressions(_ text: String) -> [GeneratedExpression] {
        var scanned = SnippetText(text)
        let regexText = matchers.contains(where: \.usesRegex) ? RegexText(text) : nil
        var segments: [String] = []
        var combinations: [[ParameterType]] = []
        var position = 0
        // Each matcher's next match; it stays valid until `position` passes its start.
        var next: [ParameterTypeMatch?] = matchers.map { $0.advance(in: &scanned, regexText: regexText, to: 0) }

        while true {
            for index in matchers.indices {
                if let match = next[index], match.start < position {
                    next[index] = matchers[index].advance(in: &scanned, regexText: regexText, to: position)
                }
            }
            let found = next.compactMap { $0 }
            guard let best = found.min(by: ParameterTypeMatch.isBetter) else { break }
            let bestMatches = found.filter { $0.start == best.start && $0.length == best.length }
            var parameterTypes: [ParameterType] = []
            for match in bestMatches where !parameterTypes.contains(where: { $0.isSame(as: match.parameterType) }) {
                parameterTypes.append(match.parameterType)
            }
            combinations.append(parameterTypes.sorted(by: ParameterType.areInIncreasingOrder))
            segments.append(scanned.escapedSegment(position..<best.start))
            position = best.start + best.length
            if position >= scanned.count { break }
        }
        segments.append(scanned.escapedSegment(min(position, scanned.count)..<scanned.count))

        return Self.combine(segments, combinations)
    }

    /// Every choice of one parameter type per parameter, the first parameter varying slowest (at most 256),
    /// without recursion: a step line can hold hundreds of thousands of parameters.
    private static func combine(_ segments: [String], _ combinations: [[ParameterType]]) -> [GeneratedExpression] {
        let varying = combinations.indices.filter { combinations[$0].count > 1 }
        var choice = [Int](repeating: 0, count: combinations.count)
        var expressions: [GeneratedExpression] = []
        var totalLength = 0
        while expressions.count < maxExpressions, totalLength < maxTotalLength {
            let parameterTypes = combinations.indices.map { combinations[$0][choice[$0]] }
            let expression = GeneratedExpression(segments: segments, parameterTypes: parameterTypes)
            totalLength += expression.source.utf8.count
            expressions.append(expression)
            var next = varying.count - 1
            while next >= 0 {
                let depth = varying[next]
                choice[depth] += 1
                if choice[depth] < combinations[depth].count { break }
                choice[depth] = 0
                next -= 1
            }
            if next < 0 { break }
        }
        return expressions
    }
}

/// One suggested expression and the parameter types of its parameters.
public struct GeneratedExpression: Sendable, CustomStringConvertible {
    /// The Cucumber Expression, e.g. `I have {int} cukes`.
    public let source: String
    public let parameterTypes: [ParameterType]

    init(segments: [String], parameterTypes: [ParameterType]) {
        var source = segments[0]
        for (index, parameterType) in parameterTypes.enumerated() {
            source += "{"
            source += parameterType.name ?? ""
            source += "}"
            source += segments[index + 1]
        }
        self.source = source
        self.parameterTypes = parameterTypes
    }

    /// Names for the snippet's parameters: the type name, numbered from the second use
    /// (`int`, `string`, `int2`, …).
    public var parameterNames: [String] {
        var usage: [String: Int] = [:]
        return parameterTypes.map { parameterType in
            let name = parameterType.name ?? ""
            let count = (usage[name] ?? 0) + 1
            usage[name] = count
            return count == 1 ? name : "\(name)\(count)"
        }
    }

    public var description: String { source }
}
