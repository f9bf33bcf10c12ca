/// A story document's Given/When/Then criteria as Gherkin, so they run bound to the same step definitions as
/// the features: the document is the Feature (tagged with its `Tags`), each story a Rule, each criterion with
/// steps a Scenario tagged with its story and criterion ids. `lines[n - 1]` is the document's line for the
/// Gherkin's line n, so the runner can place every keyword at its line in the document.
public struct GherkinTranslation: Sendable, Equatable {
    public var gherkin: String
    public var lines: [Int]
    /// The reader's warnings (misspelt keywords: "'Giving' read as 'Given'").
    public var warnings: [ReaderWarning]

    /// nil when the document holds no criterion with Given/When/Then lines (use cases only, or no criteria).
    public static func translate(text: String, uri: String) -> GherkinTranslation? {
        let document = MarkdownLines(text: text, uri: uri)
        let set = RequirementsReader.read(text: text, uri: uri)
        let stories = set.stories.map { story in
            var runnable = story
            runnable.criteria = story.criteria.filter { !$0.steps.isEmpty }
            return runnable
        }.filter { !$0.criteria.isEmpty }
        guard !stories.isEmpty else { return nil }
        var writer = Writer()
        let tags = Array(Set(stories.flatMap(\.tags))).sorted()
        let title = document.title
        if !tags.isEmpty { writer.add(tags.joined(separator: " "), at: title.line) }
        writer.add("Feature: " + (title.text.isEmpty ? uri : title.text), at: title.line)
        for story in stories {
            writer.add("  Rule: \(story.id) \(story.title)", at: story.line)
            for criterion in story.criteria {
                let line = criterion.steps.first?.line ?? criterion.line
                writer.add("    @\(story.id) @\(criterion.id)", at: line)
                writer.add("    Scenario: \(criterion.title)", at: line)
                for step in criterion.steps {
                    // At the document's column, so a step's column in results is the document's too.
                    let indent = String(repeating: " ", count: max(0, step.column - 1))
                    writer.add(indent + "\(step.keyword.rawValue) \(step.text)", at: step.line)
                }
            }
        }
        return GherkinTranslation(gherkin: writer.text, lines: writer.lines, warnings: set.warnings)
    }

    private struct Writer {
        var text = ""
        var lines: [Int] = []

        mutating func add(_ line: String, at documentLine: Int) {
            text += line.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
            lines.append(documentLine)
        }
    }
}
