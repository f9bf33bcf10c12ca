import Foundation

/// A regular expression that reports its capture groups as a tree (the official `TreeRegexp`):
/// non-capturing groups, lookarounds and groups inside character classes are left out and
/// their captured children move up to the enclosing group.
struct TreeRegexp: Sendable {
    let pattern: String
    let groupBuilder: GroupBuilder
    private let regex: CompiledRegex

    init(_ pattern: String) throws {
        self.pattern = pattern
        self.regex = try CompiledRegex(pattern)
        self.groupBuilder = Self.createGroupBuilder(pattern)
    }

    func match(_ text: String) -> Group? {
        guard let ranges = regex.firstMatch(in: text) else { return nil }
        var next = 0
        return groupBuilder.build(ranges, &next)
    }

    static func createGroupBuilder(_ pattern: String) -> GroupBuilder {
        let source = Array(pattern.unicodeScalars)
        var stack = [GroupBuilder()]
        var groupStartStack: [Int] = []
        var escaping = false
        var charClass = false

        for (index, scalar) in source.enumerated() {
            if scalar == "[" && !escaping {
                charClass = true
            } else if scalar == "]" && !escaping {
                charClass = false
            } else if scalar == "(" && !escaping && !charClass {
                groupStartStack.append(index)
                var builder = GroupBuilder()
                builder.capturing = !isNonCapturingGroup(source, index)
                stack.append(builder)
            } else if scalar == ")" && !escaping && !charClass, stack.count > 1, let groupStart = groupStartStack.popLast() {
                var builder = stack.removeLast()
                if builder.capturing {
                    var view = String.UnicodeScalarView()
                    view.append(contentsOf: source[(groupStart + 1)..<index])
                    builder.source = String(view)
                    stack[stack.count - 1].children.append(builder)
                } else {
                    stack[stack.count - 1].children.append(contentsOf: builder.children)
                }
            }
            escaping = scalar == "\\" && !escaping
        }
        return stack[0]
    }

    private static func isNonCapturingGroup(_ source: [Unicode.Scalar], _ index: Int) -> Bool {
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < source.count ? source[index + offset] : nil
        }
        // (X)
        guard at(1) == "?" else { return false }
        // (?:X) (?=X) (?!X) (?>X) (?flags) (?flags:X)
        guard at(2) == "<" else { return true }
        // (?<=X) (?<!X) are lookbehinds; (?<name>X) captures.
        return at(3) == "=" || at(3) == "!"
    }
}

/// Builds `Group` trees from the flat list of captured ranges.
struct GroupBuilder: Sendable {
    var children: [GroupBuilder] = []
    var capturing = true
    /// The pattern inside the group's parentheses.
    var source: String?

    func build(_ ranges: [ScalarRange?], _ next: inout Int) -> Group {
        let index = next
        next += 1
        let children = self.children.map { $0.build(ranges, &next) }
        let range = index < ranges.count ? ranges[index] : nil
        return Group(value: range?.value, start: range?.start, end: range?.end, children: children)
    }
}
