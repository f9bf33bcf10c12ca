import Foundation
import Messages
import TagExpressions

/// Which pickles run: by line (per file), tag expression and name regexes; then in which order.
struct PickleSelection {
    let tags: TagExpression?
    let names: [NSRegularExpression]

    init(configuration: RunConfiguration) throws {
        if let text = configuration.tags, !text.trimmingCharacters(in: .whitespaces).isEmpty {
            do { tags = try TagExpression.parse(text) } catch {
                throw SpecRunError.badTagExpression(expression: text, reason: "\(error)")
            }
        } else {
            tags = nil
        }
        names = try configuration.names.map { pattern in
            do { return try NSRegularExpression(pattern: pattern) } catch {
                throw SpecRunError.badNameRegex(pattern: pattern, reason: "not a valid regular expression")
            }
        }
    }

    func selects(_ pickle: Pickle, lines: Set<Int>?, index: LineIndex) -> Bool {
        if let lines, index.lines(of: pickle).isDisjoint(with: lines) { return false }
        if let tags, !tags.evaluate(tags: pickle.tags.map(\.name)) { return false }
        if !names.isEmpty {
            let range = NSRange(pickle.name.startIndex..., in: pickle.name)
            if !names.contains(where: { $0.firstMatch(in: pickle.name, range: range) != nil }) { return false }
        }
        return true
    }
}

/// The lines of the Gherkin nodes, by AST node id: what `path:LINE` can point at.
struct LineIndex {
    /// Lines that select the node: its own, its ancestors' (feature, rule, examples), its steps'.
    private(set) var selectors: [String: Set<Int>] = [:]
    /// The line of each node, for locations in stack traces.
    private(set) var line: [String: Int] = [:]

    mutating func add(_ document: GherkinDocument) {
        guard let feature = document.feature else { return }
        for child in feature.children {
            if let background = child.background { addSteps(background.steps) }
            if let scenario = child.scenario { add(scenario, inherited: [feature.location.line]) }
            if let rule = child.rule {
                for ruleChild in rule.children {
                    if let background = ruleChild.background { addSteps(background.steps) }
                    if let scenario = ruleChild.scenario {
                        add(scenario, inherited: [feature.location.line, rule.location.line])
                    }
                }
            }
        }
    }

    private mutating func add(_ scenario: Scenario, inherited: Set<Int>) {
        var own = inherited
        own.insert(scenario.location.line)
        addSteps(scenario.steps)
        for step in scenario.steps { own.insert(step.location.line) }
        line[scenario.id] = scenario.location.line
        selectors[scenario.id] = own
        for examples in scenario.examples {
            for row in examples.tableBody {
                selectors[row.id] = [examples.location.line, row.location.line]
                line[row.id] = row.location.line
            }
        }
    }

    private mutating func addSteps(_ steps: [Step]) {
        for step in steps { line[step.id] = step.location.line }
    }

    /// A plain scenario's lines; an example row's pickle: the scenario's lines only when no row is
    /// pointed at directly (so `:ROW` picks one row, `:SCENARIO` all of them).
    func lines(of pickle: Pickle) -> Set<Int> {
        var result: Set<Int> = []
        for id in pickle.astNodeIds { result.formUnion(selectors[id] ?? []) }
        return result
    }
}

/// Runs pickles in the defined order, reversed, or shuffled by a seeded generator (replayable).
enum PickleOrdering {
    static func apply<T>(_ order: RunConfiguration.Order, to items: [T], seed: UInt64) -> [T] {
        switch order {
        case .defined: return items
        case .reverse: return items.reversed()
        case .random:
            var generator = SplitMix64(seed: seed)
            var shuffled = items
            guard shuffled.count > 1 else { return shuffled }
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
                let j = Int(generator.next() % UInt64(i + 1))
                shuffled.swapAt(i, j)
            }
            return shuffled
        }
    }
}

/// A small, fast, well-known seeded generator: the same seed gives the same order on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
