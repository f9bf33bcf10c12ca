import CucumberExpressions
import Foundation
import Messages

/// The step definitions' expressions as completion reads them, kept between requests: the text each one's item
/// inserts (`StepCompletion.snippet`), and whether the step text typed so far can start a step a Cucumber Expression matches, read on the expression's syntax tree
/// (`CucumberExpressions`) — its text and optional text as written (case aside), an alternation by any of its
/// alternatives, a parameter by its type's regular expressions (`{int}` takes `3`, `{string}` `"x"`, a custom type
/// what its own take); the text typed may end anywhere, inside a parameter's value too.
final class CompletionExpressions {
    /// The longest text read against the expressions (UTF-16 units); a longer one is offered only the steps whose
    /// label it starts (a parameter is tried at every end: the cost grows with the square of the length).
    static let longestTyped = 200
    let parameterTypes: [String: [String]]
    private let registry: ParameterTypeRegistry
    /// Parameter type name → its regular expressions (nil: no such type).
    private var types: [String: ValueType?] = [:]
    /// Expression → its syntax tree (nil: it does not parse).
    private var trees: [String: Node?] = [:]
    /// A definition's pattern (its type, then its source) → the text its item inserts.
    private var snippets: [String: String] = [:]

    /// `parameterTypes`: the suite's own (name → regular expressions), beside the built-ins.
    init(parameterTypes: [String: [String]] = [:]) {
        self.parameterTypes = parameterTypes
        var registry = ParameterTypeRegistry()
        for (name, regexps) in parameterTypes.sorted(by: { $0.key < $1.key }) {
            try? registry.define(CucumberExpressions.ParameterType(name: name, regexps: regexps, transform: { $0 }))
        }
        self.registry = registry
    }

    /// The text the definition's item inserts (made once: a syntax tree is parsed per expression, hundreds of them).
    func snippet(_ definition: StepDefinition) -> String {
        let key = "\(definition.pattern.type):\(definition.pattern.source)"
        if let known = snippets[key] { return known }
        let source = definition.pattern.source
        let snippet =
            definition.pattern.type == .regularExpression
            ? StepCompletion.snippet(regex: source)
            : tree(source).map { StepCompletion.snippet(tree: $0) } ?? StepCompletion.snippetText(source)
        snippets[key] = snippet
        return snippet
    }

    /// The names of a Cucumber Expression's parameters, read on its syntax tree (`anonymous` for `{}`; an escaped
    /// `\{` is text); none for a regular expression or an expression that does not parse.
    func parameterNames(_ pattern: StepDefinitionPattern) -> [String] {
        guard pattern.type != .regularExpression, let tree = tree(pattern.source) else { return [] }
        var names: [String] = []
        func collect(_ nodes: [Node]) {
            for node in nodes {
                if node.type == .parameter { names.append(node.text.isEmpty ? "anonymous" : node.text) } else { collect(node.nodes) }
            }
        }
        collect(tree.nodes)
        return names
    }

    /// Whether `typed` is the start of a step `expression` matches (false when the expression does not parse).
    func canStart(_ expression: String, with typed: String) -> Bool {
        guard typed.utf16.count <= Self.longestTyped, let tree = tree(expression) else { return false }
        let text = Array(typed.lowercased())
        var ended = false
        let ends = advance(tree.nodes, from: [0], in: text, ended: &ended)
        return ended || ends.contains(text.count)
    }

    private func tree(_ expression: String) -> Node? {
        if let known = trees[expression] { return known }
        let tree = try? CucumberExpressionParser().parse(expression)
        trees[expression] = tree
        return tree
    }

    /// Where in `text` reading `nodes` from each of `starts` can end; `ended` set once the text ends inside them.
    private func advance(_ nodes: [Node], from starts: Set<Int>, in text: [Character], ended: inout Bool) -> Set<Int> {
        var positions = starts
        for (index, node) in nodes.enumerated() {
            if positions.contains(text.count) { ended = true }
            if ended || positions.isEmpty { return [] }
            switch node.type {
            case .text:
                positions = Set(positions.compactMap { read(Array(node.text.lowercased()), in: text, at: $0, ended: &ended) })
            case .optional:
                positions.formUnion(advance(node.nodes, from: positions, in: text, ended: &ended))
            case .alternation:
                var after = Set<Int>()
                for alternative in node.nodes { after.formUnion(advance(alternative.nodes, from: positions, in: text, ended: &ended)) }
                positions = after
            case .alternative, .expression:
                positions = advance(node.nodes, from: positions, in: text, ended: &ended)
            case .parameter:
                let follows = nodes.dropFirst(index + 1).first.flatMap { $0.type == .text ? $0.text.lowercased().first : nil }
                positions = value(node.text, in: text, from: positions, followedBy: follows, ended: &ended)
            }
        }
        if positions.contains(text.count) { ended = true }
        return positions
    }

    /// Where `literal` read at `start` ends (nil: it is not there); `ended` set when the text ends inside it.
    private func read(_ literal: [Character], in text: [Character], at start: Int, ended: inout Bool) -> Int? {
        for (offset, character) in literal.enumerated() {
            guard start + offset < text.count else {
                ended = true
                return nil
            }
            guard text[start + offset] == character else { return nil }
        }
        return start + literal.count
    }

    /// Where a value of the parameter type `name` starting at each of `starts` can end (before `follows`, the
    /// character the expression goes on with, when known); `ended` set when the rest of the text can start one.
    private func value(_ name: String, in text: [Character], from starts: Set<Int>, followedBy follows: Character?, ended: inout Bool)
        -> Set<Int>
    {
        // A type no registry knows: the expression does not compile; anything is taken.
        guard let type = valueType(name) else {
            ended = true
            return []
        }
        var ends = Set<Int>()
        for start in starts {
            for end in start...text.count where end == text.count || follows == nil || text[end] == follows {
                if type.whole.contains(where: { Self.matches($0, String(text[start..<end])) }) { ends.insert(end) }
            }
            if !ends.contains(text.count), type.canStart(String(text[start...])) { ended = true }
        }
        return ends
    }

    /// A parameter type's regular expressions, anchored at both ends and case-insensitive: those of a whole value,
    /// and of the start of one.
    private struct ValueType {
        var whole: [NSRegularExpression]
        /// The built-ins' (a regular expression engine cannot tell it of `{float}`'s lookahead, nor of `{string}` on
        /// one character); nil: the engine reads the start of a value of the whole ones (ICU's `hitEnd`).
        var start: NSRegularExpression?

        func canStart(_ text: String) -> Bool {
            if let start { return CompletionExpressions.matches(start, text) }
            return whole.contains { CompletionExpressions.hitsEnd($0, text) }
        }
    }

    /// The start of a value of each built-in type, by name (no other type can take a built-in's name).
    private static let builtInStarts: [String: String] = {
        let integer = #"-?\d*"#
        let float = #"[-+]?\d*(?:\.\d*)?(?:e[-+]?\d*)?"#
        var starts = ["word": #"[^\s]*"#, "string": #""(?:[^"\\]|\\.)*\\?|'(?:[^'\\]|\\.)*\\?"#, "": ".*"]
        for name in ["int", "biginteger", "byte", "short", "long"] { starts[name] = integer }
        for name in ["float", "double", "bigdecimal"] { starts[name] = float }
        return starts
    }()

    private func valueType(_ name: String) -> ValueType? {
        if let known = types[name] { return known }
        let type = registry.lookup(name: name).map { type in
            ValueType(
                whole: type.regexps.compactMap(Self.anchored),
                start: parameterTypes[name] == nil ? Self.builtInStarts[name].flatMap(Self.anchored) : nil)
        }
        types[name] = type
        return type
    }

    private static func anchored(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: "^(?:\(pattern))$", options: [.caseInsensitive])
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, options: [.anchored], range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    /// Whether more text could make `text` match: the regular expression engine read to its end (ICU's `hitEnd`;
    /// generous on a text shorter than the shortest match, or after a lookahead that reads on).
    static func hitsEnd(_ regex: NSRegularExpression, _ text: String) -> Bool {
        var could = false
        regex.enumerateMatches(in: text, options: [.anchored, .reportCompletion], range: NSRange(location: 0, length: text.utf16.count)) {
            result, flags, stop in
            if result != nil || flags.contains(.hitEnd) {
                could = true
                stop.pointee = true
            }
        }
        return could
    }
}
