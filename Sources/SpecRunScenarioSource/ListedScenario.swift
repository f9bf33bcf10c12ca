import Foundation
import Gherkin
import Messages

/// One scenario (or one Examples row) of a features folder, as the generated test names and selects it.
public struct ListedScenario: Sendable, Equatable {
    /// The feature's name (the file's name when it has none).
    public var feature: String
    /// The pickle's name, with an Examples row's values after it when its name does not already hold them.
    public var name: String
    /// `Features/quiz/start_game.feature:12`: what `SpecSuite.run(_:)` runs.
    public var selector: String
    public var line: Int

    public init(feature: String, name: String, selector: String, line: Int) {
        self.feature = feature
        self.name = name
        self.selector = selector
        self.line = line
    }

    /// Every scenario of the `.feature` and `.feature.md` files under `folder` (relative to `root`), in file and line
    /// order, read with specrun's parser (a file that does not parse lists nothing: the run reports its error).
    public static func all(in folder: String, root: URL) -> [ListedScenario] {
        files(in: folder, root: root).flatMap { uri in
            guard let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(uri).path) else { return [ListedScenario]() }
            return listed(bytes: bytes, uri: uri)
        }
    }

    /// The feature files under `folder`, as `folder/relative/path.feature`, sorted.
    public static func files(in folder: String, root: URL) -> [String] {
        let features = root.appendingPathComponent(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: features.path, isDirectory: &isFolder), isFolder.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: features.path)
        else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".feature") || $0.hasSuffix(".feature.md") }
            .sorted()
            .map { folder + "/" + $0 }
    }

    static func listed(bytes: Data, uri: String) -> [ListedScenario] {
        let envelopes = GherkinMessages.generate(bytes: bytes, uri: uri, ids: IncrementingIdGenerator())
        guard let document = envelopes.lazy.compactMap(\.gherkinDocument).first else { return [] }
        let lines = document.scenarioLines
        let rows = document.exampleRows
        let feature = document.feature?.name ?? ""
        let fileName = URL(fileURLWithPath: uri).lastPathComponent
        return envelopes.compactMap(\.pickle).map { pickle in
            let line = pickle.astNodeIds.last.flatMap { lines[$0] } ?? 0
            var name = pickle.name
            if pickle.astNodeIds.count > 1, let row = pickle.astNodeIds.last.flatMap({ rows[$0] }),
                name == row.outlineName, !row.values.isEmpty
            {
                name += " — " + row.values.joined(separator: ", ")
            }
            return ListedScenario(feature: feature.isEmpty ? fileName : feature, name: name, selector: "\(uri):\(line)", line: line)
        }
    }
}

extension GherkinDocument {
    /// Every Examples row by AST node id: its outline's name as written and its cells' values.
    var exampleRows: [String: (outlineName: String, values: [String])] {
        var rows: [String: (outlineName: String, values: [String])] = [:]
        func add(_ scenario: Scenario?) {
            guard let scenario else { return }
            for examples in scenario.examples {
                for row in examples.tableBody { rows[row.id] = (scenario.name, row.cells.map(\.value)) }
            }
        }
        for child in feature?.children ?? [] {
            add(child.scenario)
            for ruleChild in child.rule?.children ?? [] { add(ruleChild.scenario) }
        }
        return rows
    }
}
