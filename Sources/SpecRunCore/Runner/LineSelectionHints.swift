import Foundation
import Gherkin
import Messages

/// When a run selected nothing: for each `PATH:LINE` that selects no scenario of its feature file, one line saying
/// so, what the line is when it is a Background's or past the end, and the lines of that file's scenarios and
/// example rows. Only read then (the files parsed again), never on a run that found something.
public enum LineSelectionHints {
    public static func notes(for configuration: RunConfiguration) -> [String] { read(configuration).notes }

    /// The notes, and whether the paths name only lines none of which selects a scenario (a path or folder
    /// without a line, or a line that selects one, is something selected): for a command that cannot count what
    /// it selected. One reading of the files.
    public static func selection(for configuration: RunConfiguration) -> (notes: [String], selectsNothing: Bool) {
        let read = read(configuration)
        return (read.notes, !read.notes.isEmpty && !read.selects)
    }

    private static func read(_ configuration: RunConfiguration) -> (notes: [String], selects: Bool) {
        guard
            let files = try? FeatureDiscovery(
                fileSystem: .local, base: configuration.workingDirectory, documents: Set(configuration.documents.keys)
            ).discover(configuration.paths)
        else { return ([], true) }
        var notes: [String] = []
        var selects = false
        for file in files {
            guard let lines = file.lines else {
                selects = true
                continue
            }
            guard FeatureDiscovery.isFeature(file.path),
                let data = FileManager.default.contents(atPath: file.path),
                let document = try? GherkinParser.parse(data: data, uri: file.path, ids: IncrementingIdGenerator())
            else { continue }
            var index = LineIndex()
            index.add(document)
            let selecting = index.selectingLines
            if !lines.isDisjoint(with: selecting) { selects = true }
            let newlines = data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let count = newlines + (data.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
            let shown = relativePath(file.path, to: configuration.workingDirectory)
            for line in lines.sorted() where !selecting.contains(line) {
                let what =
                    document.isBackgroundLine(line)
                    ? "is a Background's line (its steps belong to every scenario after it) and selects no scenario"
                    : line > count ? "is past the end of the file (\(count) lines)" : "selects no scenario"
                let starts = document.pickleLines.map(String.init).joined(separator: ", ")
                notes.append(
                    "\(shown):\(line) \(what); "
                        + (starts.isEmpty ? "the file has no scenario" : "its scenarios and example rows are at lines \(starts)"))
            }
        }
        return (notes, selects)
    }
}

extension LineIndex {
    /// Every line that selects some scenario.
    var selectingLines: Set<Int> { selectors.values.reduce(into: Set<Int>()) { $0.formUnion($1) } }
}

extension GherkinDocument {
    /// The line of each scenario without Examples and of each example row, in the file's order.
    fileprivate var pickleLines: [Int] {
        var lines: [Int] = []
        func add(_ scenario: Scenario?) {
            guard let scenario else { return }
            if scenario.examples.isEmpty { return lines.append(Int(scenario.location.line)) }
            for examples in scenario.examples { lines += examples.tableBody.map { Int($0.location.line) } }
        }
        for child in feature?.children ?? [] {
            add(child.scenario)
            for ruleChild in child.rule?.children ?? [] { add(ruleChild.scenario) }
        }
        return lines
    }

    /// Whether the line is a Background's keyword line or one of its steps' (of the feature or of a rule).
    fileprivate func isBackgroundLine(_ line: Int) -> Bool {
        func holds(_ background: Background?) -> Bool {
            guard let background else { return false }
            let last = background.steps.last.map { Int($0.location.line) } ?? Int(background.location.line)
            return (Int(background.location.line)...last).contains(line)
        }
        for child in feature?.children ?? [] {
            if holds(child.background) { return true }
            for ruleChild in child.rule?.children ?? [] where holds(ruleChild.background) { return true }
        }
        return false
    }
}
