import Foundation
import Gherkin
import Messages

/// What a user acts on: the code action that writes an undefined step's definition, the code lens that runs a
/// scenario, and the commands behind them (`workspace/executeCommand`).
extension LanguageServer {
    static let runScenario = "specrun.runScenario"
    static let showSnippet = "specrun.showSnippet"
    static let restart = "specrun.restart"

    /// For an undefined step in the range: the snippet `specrun` prints for it (the configured snippet style),
    /// written before the nearest step definition in its Swift file, or shown to copy.
    func codeActions(_ params: [String: Any]) -> Any? {
        guard let (uri, _) = text(params), let analysis = analyses[uri],
            let range = params["range"] as? [String: Any],
            let first = (range["start"] as? [String: Any])?["line"] as? Int,
            let last = (range["end"] as? [String: Any])?["line"] as? Int
        else { return [Any]() }
        var actions: [[String: Any]] = []
        for line in (first + 1)...max(first + 1, last + 1) {
            guard let snippet = analysis.snippets[line]?.first else { continue }
            let step = document(uri).flatMap { SuiteIndex.allSteps($0).first { Int($0.location.line) == line } }
            if let step, let nearest = CheckCollector.nearest(step.text, among: analysis.definitions),
                let edit = Self.insertion(of: snippet, before: nearest)
            {
                actions.append([
                    "title": "Write the step definition in \(CheckCollector.location(of: nearest))",
                    "kind": "quickfix", "edit": edit,
                ])
            }
            // (A bare Command, which a client cannot take for a CodeAction.)
            actions.append(["title": "Show the step definition to copy", "command": Self.showSnippet, "arguments": [snippet]])
        }
        return actions
    }

    /// A workspace edit putting `snippet` above a step definition, at its indentation (a sibling statement).
    static func insertion(of snippet: String, before definition: StepDefinition) -> [String: Any]? {
        guard let path = definition.sourceReference.uri, let number = definition.sourceReference.location?.line else { return nil }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        guard let source = FileManager.default.contents(atPath: absolute).map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let index = Int(number) - 1
        guard index >= 0, index < lines.count else { return nil }
        let indentation = String(lines[index].prefix { $0 == " " || $0 == "\t" })
        let text = snippet.split(separator: "\n", omittingEmptySubsequences: false).map { indentation + $0 }.joined(separator: "\n") + "\n"
        let position = ["line": index, "character": 0]
        return [
            "changes": [URL(fileURLWithPath: absolute).absoluteString: [["range": ["start": position, "end": position], "newText": text]]]
        ]
    }

    /// "Run" above the feature and each scenario (and outline), with the command line it runs: for a file (an
    /// unsaved buffer, `untitled:`, has no path to run).
    func codeLenses(_ params: [String: Any]) -> Any? {
        guard let (uri, _) = text(params), uri.hasPrefix("file:"), let feature = document(uri)?.feature else { return [Any]() }
        let path = Self.relativePath(uri)
        var lenses: [[String: Any]] = []
        func lens(_ location: Location, _ what: String) {
            let line = Int(location.line)
            let target = what == "feature" ? path : "\(path):\(line)"
            let position = ["line": line - 1, "character": 0]
            lenses.append([
                "range": ["start": position, "end": position],
                "command": [
                    "title": "▶ run this \(what): \(executable) \(target)", "command": Self.runScenario,
                    "arguments": [target],
                ],
            ])
        }
        lens(feature.location, "feature")
        for child in feature.children {
            if let scenario = child.scenario { lens(scenario.location, "scenario") }
            for inner in child.rule?.children ?? [] { if let scenario = inner.scenario { lens(scenario.location, "scenario") } }
        }
        return lenses + resultLenses(uri)
    }

    /// The answer to `workspace/executeCommand`, and the notifications it sends.
    func execute(_ params: [String: Any]) -> (Any?, [[String: Any]]) {
        let arguments = params["arguments"] as? [Any] ?? []
        switch params["command"] as? String {
        case Self.runScenario:
            guard let target = arguments.first as? String else { return (nil, []) }
            let (code, output) = runCommand([target, "--no-color"])
            let tail = output.split(separator: "\n").suffix(4).joined(separator: "\n")
            return (
                ["exitCode": code, "output": output],
                [Self.showMessage(code == 0 ? 3 : 1, "\(executable) \(target): exit \(code)\n\(tail)")]
            )
        case Self.showSnippet:
            return (nil, [Self.showMessage(3, arguments.first as? String ?? "")])
        case Self.restart:
            restartRequested = true
            return (nil, [])
        default:
            return (nil, [Self.showMessage(1, "specrun: unknown command \(params["command"] ?? "")")])
        }
    }

    package static func showMessage(_ type: Int, _ message: String) -> [String: Any] {
        ["jsonrpc": "2.0", "method": "window/showMessage", "params": ["type": type, "message": message]]
    }

    /// A `file://` URI as a path relative to the working folder when it is under it.
    static func relativePath(_ uri: String) -> String {
        let path = URL(string: uri)?.path ?? uri
        let folder = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }
}
