/// The `requirements` report: coverage as Markdown, one table per story (criterion, title, status, scenarios),
/// coverage per story and overall — for a pull request comment or a CI job summary (`$GITHUB_STEP_SUMMARY`).
struct RequirementsMarkdownWriter {
    let coverage: RequirementsCoverage?

    func document() -> String {
        guard let coverage else {
            return "# Requirements coverage\n\nThe run carried no story documents: add a `Requirements/` folder, or pass `--requirements DIR`.\n"
        }
        var out = "# Requirements coverage\n\n"
        out += "**\(coverage.proven) of \(coverage.total) criteria proven (\(Self.percent(coverage.proven, coverage.total)))**"
        let counts = CoverageStatus.allCases.dropFirst().map { status in
            (status, coverage.stories.reduce(0) { $0 + $1.criteria.filter { $0.status == status }.count })
        }
        for (status, count) in counts where count > 0 { out += " · \(count) \(Self.words(status))" }
        out += "\n"
        for story in coverage.stories {
            out += "\n## \(Self.cell(story.id)): \(Self.cell(story.title))\n\n"
            if !story.narrative.isEmpty {
                out += story.narrative.split(whereSeparator: \.isNewline).map { "> \($0)\n" }.joined() + "\n"
            }
            out += "\(story.proven) of \(story.total) proven (\(Self.percent(story.proven, story.total))) · `\(story.uri):\(story.line)`\n\n"
            out += "| Criterion | Title | Status | Scenarios |\n|---|---|---|---|\n"
            for criterion in story.criteria {
                let scenarios = criterion.scenarios.map { "`\($0.uri):\($0.line)` \(Self.cell($0.name)) (\($0.status))" }
                out += "| \(Self.cell(criterion.id)) | \(Self.cell(criterion.title)) | \(Self.badge(criterion.status)) | "
                out += (scenarios.isEmpty ? "—" : scenarios.joined(separator: "<br>")) + " |\n"
            }
        }
        if !coverage.warnings.isEmpty {
            out += "\n## Warnings\n\n"
            for warning in coverage.warnings { out += "- `\(warning.uri):\(warning.line)`: \(Self.cell(warning.message))\n" }
        }
        return out
    }

    static func badge(_ status: CoverageStatus) -> String {
        switch status {
        case .proven: return "✅ proven"
        case .failing: return "❌ failing"
        case .notRun: return "⏸️ not run"
        case .noScenario: return "⚠️ no scenario"
        }
    }

    static func words(_ status: CoverageStatus) -> String {
        switch status {
        case .proven: return "proven"
        case .failing: return "failing"
        case .notRun: return "not run"
        case .noScenario: return "without a scenario"
        }
    }

    static func percent(_ part: Int, _ total: Int) -> String {
        total == 0 ? "—" : "\(part * 100 / total)%"
    }

    /// Text safe inside a Markdown table cell: one line, pipes escaped.
    static func cell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
