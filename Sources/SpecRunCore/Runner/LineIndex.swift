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
    ///
    /// (The document's children and scenarios read in place, a field at a time: a child or a scenario bound by `for`
    /// or `if let` is a copy that retains each of its strings and arrays, and a feature captured for a scenario's
    /// inherited lines was one more.)
    mutating func add(_ document: GherkinDocument, selecting: Bool = true) {
        guard let featureLine = document.feature?.location.line, let children = document.feature?.children else { return }
        children.withUnsafeBufferPointer { children in
            for child in children.indices {
                if let steps = children[child].background?.steps { addSteps(steps) }
                if let scenario = children[child].scenario?.id {
                    add(
                        scenario, line: children[child].scenario!.location.line, steps: children[child].scenario!.steps,
                        examples: children[child].scenario!.examples, inherited: [featureLine], selecting: selecting)
                }
                guard let ruleLine = children[child].rule?.location.line, let ruleChildren = children[child].rule?.children
                else { continue }
                ruleChildren.withUnsafeBufferPointer { ruleChildren in
                    for ruleChild in ruleChildren.indices {
                        if let steps = ruleChildren[ruleChild].background?.steps { addSteps(steps) }
                        if let scenario = ruleChildren[ruleChild].scenario?.id {
                            add(
                                scenario, line: ruleChildren[ruleChild].scenario!.location.line,
                                steps: ruleChildren[ruleChild].scenario!.steps, examples: ruleChildren[ruleChild].scenario!.examples,
                                inherited: [featureLine, ruleLine], selecting: selecting)
                        }
                    }
                }
            }
        }
    }

    /// The scenario with this id, line, steps and examples.
    private mutating func add(
        _ id: String, line: Int, steps: [Step], examples: [Examples], inherited: @autoclosure () -> Set<Int>, selecting: Bool
    ) {
        addSteps(steps)
        nodeLines.add(id, line)
        if selecting {
            var own = inherited()
            own.insert(line)
            for step in steps { own.insert(step.location.line) }
            selectors[id] = own
        }
        examples.withUnsafeBufferPointer { examples in
            for index in examples.indices {
                let examplesLine = examples[index].location.line
                examples[index].tableBody.withUnsafeBufferPointer { rows in
                    for row in rows.indices {
                        if selecting { selectors[rows[row].id] = [examplesLine, rows[row].location.line] }
                        nodeLines.add(rows[row].id, rows[row].location.line)
                    }
                }
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
        // A table shared with a copy lists the copy's ids. (One made before from this list is made again at the next
        // lookup: it lists fewer ids than there are now.)
        if !isKnownUniquelyReferenced(&table) { table = LazyTable() }
        ids.append(id)
        numbers.append(Int32(truncatingIfNeeded: line))
    }

    func line(of id: String) -> Int? {
        table.line(of: id, ids: ids, numbers: numbers)
    }

    /// Thread-safe: a session's test cases may be located from several tasks and a watchdog thread.
    private final class LazyTable: Sendable {
        /// The dictionary, and how many of the list's ids it was made of.
        private let byId = Locked<(lines: [String: Int], listed: Int)?>(nil)

        func line(of id: String, ids: [String], numbers: [Int32]) -> Int? {
            byId.withLock { byId in
                if byId?.listed != ids.count {
                    var made: [String: Int] = [:]
                    made.reserveCapacity(ids.count)
                    // The last line given for an id wins, as when they were set one by one.
                    for (id, line) in zip(ids, numbers) { made[id] = Int(line) }
                    byId = (made, ids.count)
                }
                return byId!.lines[id]
            }
        }
    }
}
