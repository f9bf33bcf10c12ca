import Messages
import SpecRunReportCore

/// The parts of the Gherkin documents the run index drops and the page shows once: each Scenario Outline's
/// steps (with their `<placeholders>`) and Examples tables, and each Background's steps. Nothing of plain
/// scenarios is kept (their steps are the pickles').
final class HTMLGherkinExtras {
    package struct StepText {
        let keyword: String
        let text: String
        let table: [[String]]?
        let docString: (content: String, mediaType: String?)?

        init(_ step: Step) {
            keyword = step.keyword
            text = step.text
            table = step.dataTable.map { $0.rows.map { $0.cells.map(\.value) } }
            docString = step.docString.map { ($0.content, $0.mediaType) }
        }
    }

    struct ExamplesTable {
        let keyword: String
        let name: String
        let description: String
        let tags: [String]
        let header: [String]
        let rows: [[String]]
    }

    struct Outline {
        let steps: [StepText]
        let examples: [ExamplesTable]
    }

    private(set) var outlines: [String: Outline] = [:]
    private(set) var backgrounds: [String: [StepText]] = [:]

    func handle(_ document: GherkinDocument) {
        for child in document.feature?.children ?? [] {
            if let background = child.background { add(background) }
            if let scenario = child.scenario { add(scenario) }
            for ruleChild in child.rule?.children ?? [] {
                if let background = ruleChild.background { add(background) }
                if let scenario = ruleChild.scenario { add(scenario) }
            }
        }
    }

    private func add(_ background: Background) {
        backgrounds[background.id] = background.steps.map(StepText.init)
    }

    private func add(_ scenario: Scenario) {
        guard !scenario.examples.isEmpty else { return }
        outlines[scenario.id] = Outline(
            steps: scenario.steps.map(StepText.init),
            examples: scenario.examples.map { examples in
                ExamplesTable(
                    keyword: examples.keyword, name: examples.name, description: examples.description,
                    tags: examples.tags.map(\.name),
                    header: examples.tableHeader?.cells.map(\.value) ?? [],
                    rows: examples.tableBody.map { $0.cells.map(\.value) })
            })
    }
}
