import Messages

/// Which scenarios a change affects, from a dry run's messages (documents, pickles, step definitions and hooks
/// with their source lines, test cases with the definitions each step uses) and the changed lines: a scenario
/// whose feature text changed (`ScenarioRegions`), and a scenario with a step or hook whose definition changed —
/// a definition's lines run from its own line to the line before the next definition of its file (the last one
/// to the end of the file).
struct ChangeSelection: Equatable {
    /// A `PATH[:LINE]` to run and why. `line` nil: the whole file.
    struct Selected: Equatable {
        var uri: String
        var line: Int?
        var why: String
    }

    private(set) var selected: [Selected] = []

    /// `repositoryPath`: the path of a message's uri relative to the repository's top (nil: not in it).
    init(envelopes: [Envelope], changed: ChangedLines, repositoryPath: (String) -> String?) {
        var sources: [String: String] = [:]
        var pickles: [String: Pickle] = [:]
        var code: [(id: String, uri: String, line: Int, name: String)] = []
        // Made at the first test case (every definition and hook comes before it).
        var changedCode: [String: String]?
        for envelope in envelopes {
            if let source = envelope.source {
                sources[source.uri] = source.data
            } else if let document = envelope.gherkinDocument, let uri = document.uri, let path = repositoryPath(uri),
                changed.changed(path)
            {
                selectText(of: document, uri: uri, path: path, lineCount: Self.lineCount(sources[uri]), changed: changed)
            } else if let pickle = envelope.pickle {
                pickles[pickle.id] = pickle
            } else if let definition = envelope.stepDefinition, let line = definition.sourceReference.location?.line,
                let uri = definition.sourceReference.uri
            {
                code.append((definition.id, uri, line, "the step '\(definition.pattern.source)'"))
            } else if let hook = envelope.hook, let line = hook.sourceReference.location?.line, let uri = hook.sourceReference.uri {
                code.append((hook.id, uri, line, hook.name.map { "the hook '\($0)'" } ?? "a hook"))
            } else if let testCase = envelope.testCase, let pickle = pickles[testCase.pickleId] {
                if changedCode == nil { changedCode = Self.changedCode(code, changed: changed, repositoryPath: repositoryPath) }
                guard let changedCode, !changedCode.isEmpty else { continue }
                for step in testCase.testSteps {
                    let ids = (step.stepDefinitionIds ?? []) + (step.hookId.map { [$0] } ?? [])
                    guard let id = ids.first(where: { changedCode[$0] != nil }), let why = changedCode[id] else { continue }
                    add(Selected(uri: pickle.uri, line: pickle.location?.line, why: "'\(pickle.name)' uses \(why), changed"))
                    break
                }
            }
        }
    }

    /// The selected entries as run paths: `uri` alone when the whole file is, else `uri:LINE:LINE…`, in order.
    var paths: [String] {
        var order: [String] = []
        var lines: [String: [Int]] = [:]
        var whole: Set<String> = []
        for entry in selected {
            if lines[entry.uri] == nil && !whole.contains(entry.uri) { order.append(entry.uri) }
            if let line = entry.line {
                if lines[entry.uri, default: []].contains(line) == false { lines[entry.uri, default: []].append(line) }
            } else {
                whole.insert(entry.uri)
                lines[entry.uri] = lines[entry.uri] ?? []
            }
        }
        return order.map { uri in
            whole.contains(uri) ? uri : ([uri] + (lines[uri] ?? []).sorted().map(String.init)).joined(separator: ":")
        }
    }

    private mutating func selectText(of document: GherkinDocument, uri: String, path: String, lineCount: Int, changed: ChangedLines) {
        if changed.wholeFiles.contains(path) {
            return add(Selected(uri: uri, line: nil, why: "the file is new since the ref"))
        }
        let regions = ScenarioRegions(document, lineCount: lineCount)
        for (region, line) in regions.touched(by: changed.changedLines(of: path, in: 1...max(1, lineCount))) {
            let whom = region.selects == nil ? "every scenario of the file" : nil
            add(Selected(uri: uri, line: region.selects, why: "line \(line) changed (\(region.what))" + (whom.map { ": \($0)" } ?? "")))
        }
    }

    /// Each changed definition's id and its name with its `file:line`.
    private static func changedCode(
        _ code: [(id: String, uri: String, line: Int, name: String)], changed: ChangedLines, repositoryPath: (String) -> String?
    ) -> [String: String] {
        var result: [String: String] = [:]
        let byFile = Dictionary(grouping: code, by: \.uri)
        for (uri, definitions) in byFile {
            guard let path = repositoryPath(uri), changed.changed(path) else { continue }
            let starts = Set(definitions.map(\.line)).sorted()
            for definition in definitions {
                let next = starts.first { $0 > definition.line } ?? Int.max
                let lines = definition.line...max(definition.line, next == Int.max ? Int.max - 1 : next - 1)
                if !changed.changedLines(of: path, in: lines).isEmpty {
                    result[definition.id] = "\(definition.name) (\(uri):\(definition.line))"
                }
            }
        }
        return result
    }

    private mutating func add(_ entry: Selected) {
        if !selected.contains(where: { $0.uri == entry.uri && $0.line == entry.line }) { selected.append(entry) }
    }

    private static func lineCount(_ text: String?) -> Int {
        guard let text else { return Int.max / 2 }
        return text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
