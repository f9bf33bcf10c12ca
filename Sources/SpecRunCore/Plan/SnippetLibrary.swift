/// The run's undefined steps as one set of step definitions to paste: each distinct step once, and every snippet
/// proven to match exactly the steps it was made for — no undefined step matched by two snippets (ambiguous once
/// pasted), none by a snippet made for others with another argument (a closure that would not fit), and no step
/// that already has a definition matched by any (which would make it ambiguous).
///
/// Steps whose best guess conflicts fall back to their next guess (`{float}` after `{int}`), then to their own text
/// as a literal expression; a step that still cannot have a snippet of its own is listed in `unresolved`.
struct SnippetLibrary: Sendable {
    /// An undefined step as the snippet sees it: its text, keyword and argument.
    struct Step: Hashable, Sendable {
        var text: String
        /// `given`, `when`, `then` or `step` (an unknown keyword: `*`, or `And` first).
        var keyword: String
        var hasDocString = false
        var hasDataTable = false
        /// Where it was first used (`Features/a.feature:12`), for the snippet's comment.
        var location = ""

        static func == (a: Step, b: Step) -> Bool {
            a.text == b.text && a.hasDocString == b.hasDocString && a.hasDataTable == b.hasDataTable
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            hasher.combine(hasDocString)
            hasher.combine(hasDataTable)
        }
    }

    /// One snippet: its expression and the steps it was made for (first use first).
    struct Entry: Sendable, Equatable {
        var keyword: String
        var expression: String
        var parameterTypes: [String]
        var hasDocString: Bool
        var hasDataTable: Bool
        var steps: [Step]
    }

    var entries: [Entry] = []
    /// Steps no snippet of their own could match without matching another step too.
    var unresolved: [Step] = []

    /// Builds the library for `undefined` steps (in order of first use; repeats are folded), given the texts of
    /// the steps that have a definition already.
    init(undefined: [Step], defined: [String], compiler: any PatternCompiler) {
        var seen = Set<Step>()
        let steps = undefined.filter { seen.insert($0).inserted }
        let guesses = steps.map { step in
            compiler.snippetExpressions(for: step.text)
                + [(expression: SnippetWriter.escapeExpression(step.text), parameterTypes: [])]
        }
        // Each text's UTF-8 once: a pattern's required words rule most texts out before its regular expression runs.
        let texts = steps.map { Array($0.text.utf8) }
        let definedTexts = defined.map { Array($0.utf8) }
        var accepted: [(entry: Entry, pattern: any CompiledPattern)] = []
        var assigned = Set<Step>()
        // Round by round: each step still without a snippet offers its guess of this round; guesses shared by more
        // steps go first (one snippet for "I have 5 cukes" and "I have 7 cukes").
        var pending = Array(steps.indices)
        var round = 0
        while !pending.isEmpty, round < guesses.map(\.count).max() ?? 0 {
            var groups: [String: [Int]] = [:]
            var order: [String] = []
            for index in pending where round < guesses[index].count {
                let key = Self.key(guesses[index][round].expression, steps[index])
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(index)
            }
            let ranked = order.enumerated().sorted { (groups[$0.element]!.count, -$0.offset) > (groups[$1.element]!.count, -$1.offset) }
            for (_, key) in ranked {
                let members = groups[key]!.filter { !assigned.contains(steps[$0]) }
                guard let first = members.first else { continue }
                let guess = guesses[first][round]
                guard let pattern = try? compiler.compile(.cucumberExpression(guess.expression)) else { continue }
                let reached = steps.indices.filter { !assigned.contains(steps[$0]) && Self.matches(pattern, texts[$0], steps[$0].text) }
                // (Its own steps must also give their values: `{int}` for 12345678901234567890 would fail the step.)
                let matched = reached.filter { Self.sameArgument(steps[first], steps[$0]) && Self.converts(pattern, steps[$0].text) }
                // A step of another argument is a conflict, unless it has a member's very text: no expression could
                // ever tell them apart, so it is left without a snippet rather than its twin too.
                let memberTexts = Set(members.map { steps[$0].text })
                guard members.allSatisfy({ matched.contains($0) }),
                    reached.allSatisfy({ matched.contains($0) || memberTexts.contains(steps[$0].text) }),
                    !definedTexts.indices.contains(where: { Self.matches(pattern, definedTexts[$0], defined[$0]) }),
                    !steps.indices.contains(where: { assigned.contains(steps[$0]) && Self.matches(pattern, texts[$0], steps[$0].text) })
                else { continue }
                // Every step it matches is its own: a step another guess would have made is folded in here.
                accepted.append(
                    (
                        Entry(
                            keyword: steps[first].keyword, expression: guess.expression, parameterTypes: guess.parameterTypes,
                            hasDocString: steps[first].hasDocString, hasDataTable: steps[first].hasDataTable,
                            steps: matched.map { steps[$0] }), pattern
                    ))
                matched.forEach { assigned.insert(steps[$0]) }
            }
            pending = pending.filter { !assigned.contains(steps[$0]) && round + 1 < guesses[$0].count }
            round += 1
        }
        entries = accepted.map(\.entry)
        // (Checked once more: each step matched by exactly one snippet, the one made for it.)
        unresolved = steps.filter { step in
            !assigned.contains(step) || accepted.filter { Self.matches($0.pattern, Array(step.text.utf8), step.text) }.count != 1
        }
    }

    private static func key(_ expression: String, _ step: Step) -> String {
        "\(expression)\u{0}\(step.hasDocString)\(step.hasDataTable)"
    }

    /// (The text's UTF-8 is made once per step, for the required-words test; the text itself is not made again.)
    private static func matches(_ pattern: any CompiledPattern, _ utf8: [UInt8], _ text: String) -> Bool {
        utf8.withUnsafeBufferPointer { pattern.mayMatch(utf8: $0) } && pattern.match(text) != nil
    }

    private static func converts(_ pattern: any CompiledPattern, _ text: String) -> Bool {
        guard let arguments = pattern.match(text) else { return false }
        return arguments.allSatisfy { (try? $0.value()) != nil }
    }

    private static func sameArgument(_ a: Step, _ b: Step) -> Bool {
        a.hasDocString == b.hasDocString && a.hasDataTable == b.hasDataTable
    }
}
