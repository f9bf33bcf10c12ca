import Foundation

/// Suggests Cucumber Expressions for the text of an undefined step, as Cucumber does for snippets:
/// `I have 42 "red" cukes` → `I have {int} {string} cukes`, then `I have {float} {string} cukes`, …
///
/// Only parameter types with `useForSnippets` are used (of the built-ins: `{int}`, `{float}` and
/// `{string}`). A match must stand as a whole word (bounded by the start or end of the text,
/// whitespace, punctuation or a symbol). When several types match the same text, one expression
/// is generated for each combination (preferential types first, at most 256 expressions).
public struct CucumberExpressionGenerator: Sendable {
    static let maxExpressions = 256
    private let matchers: [ParameterTypeMatcher]

    public init(registry: ParameterTypeRegistry) {
        matchers = registry.parameterTypes
            .filter(\.useForSnippets)
            .flatMap { parameterType in
                parameterType.regexps.compactMap { try? ParameterTypeMatcher(parameterType: parameterType, regexp: $0) }
            }
    }

    public func generateExpressions(_ text: String) -> [GeneratedExpression] {
        let nsText = text as NSString
        var segments: [String] = []
        var combinations: [[ParameterType]] = []
        var position = 0

        while true {
            let found = matchers.compactMap { $0.advance(in: nsText, to: position) }
            guard let best = found.min(by: ParameterTypeMatch.isBetter) else { break }
            let bestMatches = found.filter { $0.start == best.start && $0.length == best.length }
            var parameterTypes: [ParameterType] = []
            for match in bestMatches where !parameterTypes.contains(where: { $0.isSame(as: match.parameterType) }) {
                parameterTypes.append(match.parameterType)
            }
            combinations.append(parameterTypes.sorted(by: ParameterType.areInIncreasingOrder))
            segments.append(Self.escape(nsText.substring(with: NSRange(location: position, length: best.start - position))))
            position = best.start + best.length
            if position >= nsText.length { break }
        }
        segments.append(Self.escape(nsText.substring(from: min(position, nsText.length))))

        var expressions: [GeneratedExpression] = []
        permute(segments, combinations, depth: 0, current: [], into: &expressions)
        return expressions
    }

    private func permute(
        _ segments: [String], _ combinations: [[ParameterType]], depth: Int, current: [ParameterType],
        into expressions: inout [GeneratedExpression]
    ) {
        if expressions.count >= Self.maxExpressions { return }
        if depth == combinations.count {
            expressions.append(GeneratedExpression(segments: segments, parameterTypes: current))
            return
        }
        for parameterType in combinations[depth] {
            if expressions.count >= Self.maxExpressions { return }
            permute(segments, combinations, depth: depth + 1, current: current + [parameterType], into: &expressions)
        }
    }

    /// Escapes the characters that would otherwise start an optional, a parameter or an alternation.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: "{", with: "\\{")
            .replacingOccurrences(of: "/", with: "\\/")
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
            source += "{\(parameterType.name ?? "")}" + segments[index + 1]
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

/// Finds whole-word matches of one regexp of a parameter type (the official `ParameterTypeMatcher`).
struct ParameterTypeMatcher: Sendable {
    let parameterType: ParameterType
    private let regex: CompiledRegex

    init(parameterType: ParameterType, regexp: String) throws {
        self.parameterType = parameterType
        self.regex = try CompiledRegex("(\(regexp))")
    }

    /// The first non-empty whole-word match starting the search at `position` or later (UTF-16 offsets).
    func advance(in text: NSString, to position: Int) -> ParameterTypeMatch? {
        var from = position
        while from < text.length {
            if let range = regex.firstMatch(in: text, range: NSRange(location: from, length: text.length - from)),
               range.length > 0,
               Self.isBoundary(text, before: range.location),
               Self.isBoundary(text, after: range.location + range.length) {
                return ParameterTypeMatch(parameterType: parameterType, start: range.location, length: range.length)
            }
            from += 1
        }
        return nil
    }

    private static func isBoundary(_ text: NSString, before index: Int) -> Bool {
        index == 0 || isSeparator(text.character(at: index - 1))
    }

    private static func isBoundary(_ text: NSString, after index: Int) -> Bool {
        index == text.length || isSeparator(text.character(at: index))
    }

    /// `\p{Z}|\p{P}|\p{S}`: a separator, punctuation or symbol.
    private static func isSeparator(_ unit: unichar) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}

struct ParameterTypeMatch {
    let parameterType: ParameterType
    let start: Int
    let length: Int

    /// Earlier first, then longer first.
    static func isBetter(_ lhs: ParameterTypeMatch, _ rhs: ParameterTypeMatch) -> Bool {
        lhs.start != rhs.start ? lhs.start < rhs.start : lhs.length > rhs.length
    }
}
