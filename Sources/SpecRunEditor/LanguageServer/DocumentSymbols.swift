import Messages

/// The outline an editor shows of a feature: the feature, its rules, backgrounds, scenarios and their examples.
enum DocumentSymbols {
    static func of(_ document: GherkinDocument, text: LSPText) -> [[String: Any]] {
        guard let feature = document.feature else { return [] }
        let children = feature.children.compactMap { child -> [String: Any]? in
            if let rule = child.rule {
                let inner = rule.children.compactMap {
                    $0.scenario.map { scenario($0, text) } ?? $0.background.map { background($0, text) }
                }
                return symbol(rule.keyword, rule.name, rule.location, kind: 3, text, children: inner)
            }
            return child.scenario.map { scenario($0, text) } ?? child.background.map { background($0, text) }
        }
        return [symbol(feature.keyword, feature.name, feature.location, kind: 2, text, children: children)]
    }

    private static func scenario(_ scenario: Scenario, _ text: LSPText) -> [String: Any] {
        let examples = scenario.examples.map { symbol($0.keyword, $0.name, $0.location, kind: 18, text, children: []) }
        return symbol(scenario.keyword, scenario.name, scenario.location, kind: 12, text, children: examples)
    }

    private static func background(_ background: Background, _ text: LSPText) -> [String: Any] {
        symbol(background.keyword, background.name, background.location, kind: 12, text, children: [])
    }

    /// A DocumentSymbol (kinds: 2 module, 3 namespace, 12 function, 18 array) spanning its header line.
    private static func symbol(
        _ keyword: String, _ name: String, _ location: Location, kind: Int, _ text: LSPText,
        children: [[String: Any]]
    ) -> [String: Any] {
        let line = Int(location.line)
        let range: [String: Any] = ["start": text.position(line: line, column: Int(location.column ?? 1)), "end": text.endOfLine(line)]
        return [
            "name": name.isEmpty ? keyword : "\(keyword): \(name)", "kind": kind, "range": range,
            "selectionRange": range, "children": children,
        ]
    }
}
