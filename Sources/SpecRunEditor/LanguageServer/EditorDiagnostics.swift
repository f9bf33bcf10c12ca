import Gherkin
import Messages

/// Findings of the document's shape the dry run does not make: an outline without Examples (it runs once, its
/// placeholders as written, as the run warns), one whose Examples have no row (it makes no test case), and a
/// scenario without steps (it passes having checked nothing). A scenario whose steps were read as a
/// description already has `StepsReadAsDescription`'s warning on its line (`already`), which says more.
enum EditorDiagnostics {
    static func structure(of document: GherkinDocument, already: Set<Int>) -> [EditorAnalysis.Diagnostic] {
        guard let feature = document.feature, !(document.uri ?? "").hasSuffix(".md") else { return [] }
        let outlineKeywords = Set(Dialect.named(feature.language)?.scenarioOutline ?? ["Scenario Outline", "Scenario Template"])
        var found: [EditorAnalysis.Diagnostic] = []
        func look(_ scenario: Scenario) {
            let line = Int(scenario.location.line), column = Int(scenario.location.column ?? 1)
            guard !already.contains(line) else { return }
            if scenario.steps.isEmpty {
                found.append(
                    .init(
                        line: line, column: column, severity: .warning,
                        message: "\(scenario.keyword) '\(scenario.name)' has no steps: it passes having checked nothing"))
            } else if outlineKeywords.contains(scenario.keyword) && scenario.examples.isEmpty {
                found.append(
                    .init(
                        line: line, column: column, severity: .warning,
                        message: "\(scenario.keyword) '\(scenario.name)' has no Examples, so it runs once with its "
                            + "<placeholders> as written (add an Examples: table, or make it a Scenario)"))
            } else if !scenario.examples.isEmpty, scenario.examples.allSatisfy({ $0.tableBody.isEmpty }) {
                found.append(
                    .init(
                        line: line, column: column, severity: .warning,
                        message: "\(scenario.keyword) '\(scenario.name)' has no Examples row: it makes no test case"))
            }
        }
        for child in feature.children {
            if let scenario = child.scenario { look(scenario) }
            for ruleChild in child.rule?.children ?? [] { if let scenario = ruleChild.scenario { look(scenario) } }
        }
        return found
    }
}
