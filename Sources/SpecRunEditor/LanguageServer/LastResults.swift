import Foundation
import SpecRunReports

/// Each scenario's result in the last run of the run history (`--history DIR`): the editor's lens above the
/// scenario (or example row) and its hint beside the step that failed, with the failure's expected/got.
package struct LastResults {
    /// By the feature file's path as the run named it (relative to its working folder), each scenario's line.
    private var byFile: [String: [(line: Int, scenario: HistoryScenario)]] = [:]

    package init(_ history: RunHistory?) {
        for scenario in history?.runs.last?.scenarios ?? [] {
            guard let colon = scenario.key.lastIndex(of: ":"), let line = Int(scenario.key[scenario.key.index(after: colon)...]) else {
                continue
            }
            byFile[String(scenario.key[..<colon]), default: []].append((line, scenario))
        }
    }

    /// The last results of a file, by any of the names a run may have given it.
    func scenarios(of paths: [String]) -> [(line: Int, scenario: HistoryScenario)] {
        for path in paths { if let found = byFile[path] { return found } }
        return []
    }

    /// `✓ passed in 0.3 s (last run)`, `✗ failed at line 12: the total is 3 (last run)`.
    static func title(_ scenario: HistoryScenario) -> String {
        let seconds = String(format: "%.1f", Double(scenario.duration) / 1000)
        let tries = scenario.attempts > 1 ? ", \(scenario.attempts) attempts" : ""
        switch scenario.status {
        case "passed": return "✓ passed in \(seconds) s\(tries) (last run)"
        case "failed", "ambiguous":
            let place = scenario.failure.map { " at line \($0.line): \($0.step)" } ?? ""
            return "✗ \(scenario.status)\(place)\(tries) (last run)"
        default: return "● \(scenario.status) (last run)"
        }
    }

    /// The failure's message on one line (what an inlay hint shows): `✗ expected 3, got 2`.
    static func hint(_ failure: HistoryFailure) -> String {
        let lines = failure.message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let text = lines.filter { !$0.isEmpty }.prefix(3).joined(separator: " · ")
        return "✗ " + (text.count > 160 ? String(text.prefix(159)) + "…" : text)
    }
}

extension LanguageServer {
    /// The last results for a document, read from the history file (`historyFile`) as it is now.
    func lastResults(_ uri: String) -> [(line: Int, scenario: HistoryScenario)] {
        guard let file = historyFile else { return [] }
        let absolute = URL(string: uri)?.path ?? uri
        return LastResults(readHistory(file)).scenarios(of: [Self.relativePath(uri), absolute])
    }

    /// A lens above each scenario (or example row) with its result in the last run (no command: it informs).
    func resultLenses(_ uri: String) -> [[String: Any]] {
        lastResults(uri).map { line, scenario in
            let position = ["line": max(0, line - 1), "character": 0]
            return ["range": ["start": position, "end": position], "command": ["title": LastResults.title(scenario), "command": ""]]
        }
    }

    /// `textDocument/inlayHint`: beside each step that failed in the last run, its message.
    func inlayHints(_ params: [String: Any]) -> Any? {
        guard let (uri, text) = text(params) else { return [Any]() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lastResults(uri).compactMap { _, scenario -> [String: Any]? in
            guard let failure = scenario.failure, failure.line >= 1, failure.line <= lines.count else { return nil }
            let end = lines[failure.line - 1].utf16.count
            return [
                "position": ["line": failure.line - 1, "character": end], "label": LastResults.hint(failure), "paddingLeft": true,
                "tooltip": "\(failure.step)\n\(failure.message)",
            ]
        }
    }

    /// Sent to the client when the history file changed (a run or `watch` finished): it asks again for lenses and hints.
    package static func refreshRequests(_ number: Int) -> [[String: Any]] {
        [
            ["jsonrpc": "2.0", "id": "specrun-refresh-lens-\(number)", "method": "workspace/codeLens/refresh"],
            ["jsonrpc": "2.0", "id": "specrun-refresh-hint-\(number)", "method": "workspace/inlayHint/refresh"],
        ]
    }
}
