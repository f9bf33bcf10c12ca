import Foundation
import Messages
import SharedState

/// The lines of the Gherkin nodes, by AST node id: what `path:LINE` can point at.
struct LineIndex {
    /// Lines that select the node: its own, its ancestors' (feature, rule, examples), its steps'.
    private(set) var selectors: [String: Set<Int>] = [:]
    /// The line of each node, for locations in stack traces and test case keys.
    private(set) var nodeLines = NodeLines()

    /// `selecting`: also the lines that select each node (only `path:LINE` arguments need them).
    mutating func add(_ document: GherkinDocument, selecting: Bool = true) {
        guard let feature = document.feature else { return }
        for child in feature.children {
            if let background = child.background { addSteps(background.steps) }
            if let scenario = child.scenario { add(scenario, inherited: [feature.location.line], selecting: selecting) }
            if let rule = child.rule {
                for ruleChild in rule.children {
                    if let background = ruleChild.background { addSteps(background.steps) }
                    if let scenario = ruleChild.scenario {
                        add(scenario, inherited: [feature.location.line, rule.location.line], selecting: selecting)
                    }
                }
            }
        }
    }

    private mutating func add(_ scenario: Scenario, inherited: @autoclosure () -> Set<Int>, selecting: Bool) {
        addSteps(scenario.steps)
        nodeLines.add(scenario.id, scenario.location.line)
        if selecting {
            var own = inherited()
            own.insert(scenario.location.line)
            for step in scenario.steps { own.insert(step.location.line) }
            selectors[scenario.id] = own
        }
        for examples in scenario.examples {
            for row in examples.tableBody {
                if selecting { selectors[row.id] = [examples.location.line, row.location.line] }
                nodeLines.add(row.id, row.location.line)
            }
        }
    }

    private mutating func addSteps(_ steps: [Step]) {
        // (By index, a field at a time: `for step in` copies every field of each step.)
        for index in steps.indices { nodeLines.add(steps[index].id, steps[index].location.line) }
    }

    /// The same index without what only selection needs (once the pickles are selected).
    func forLocations() -> LineIndex {
        var copy = LineIndex()
        copy.nodeLines = nodeLines
        return copy
    }

    /// The line of the node with this id.
    func line(of id: String) -> Int? { nodeLines.line(of: id) }

    /// Every line that selects the pickle: its feature's, rule's, scenario's and steps' lines and, for an
    /// example row, the row's and its Examples' lines (so `:ROW` picks one row, `:SCENARIO` all of them).
    func lines(of pickle: Pickle) -> Set<Int> {
        var result: Set<Int> = []
        for id in pickle.astNodeIds { result.formUnion(selectors[id] ?? []) }
        return result
    }
}

/// Node ids and their lines, as listed; looked up by id only when a stack trace or a test case key asks (most
/// runs never do), so a run does not hash 100,000 ids for nothing.
struct NodeLines: Sendable {
    private var ids: [String] = []
    private var numbers: [Int32] = []
    /// The dictionary of the list, made at the first lookup.
    private var table = LazyTable()

    mutating func add(_ id: String, _ line: Int) {
        // A table made before, or shared with a copy, no longer lists every id.
        if !isKnownUniquelyReferenced(&table) || table.isMade { table = LazyTable() }
        ids.append(id)
        numbers.append(Int32(truncatingIfNeeded: line))
    }

    func line(of id: String) -> Int? {
        table.line(of: id, ids: ids, numbers: numbers)
    }

    /// Thread-safe: a session's test cases may be located from several tasks and a watchdog thread.
    private final class LazyTable: Sendable {
        private let byId = Locked<[String: Int]?>(nil)

        var isMade: Bool { byId.withLock { $0 != nil } }

        func line(of id: String, ids: [String], numbers: [Int32]) -> Int? {
            byId.withLock { byId in
                if byId == nil {
                    var made: [String: Int] = [:]
                    made.reserveCapacity(ids.count)
                    // The last line given for an id wins, as when they were set one by one.
                    for (id, line) in zip(ids, numbers) { made[id] = Int(line) }
                    byId = made
                }
                return byId![id]
            }
        }
    }
}
