import SpecRunReportCore

/// The `requirements` report: coverage as Markdown, one table per story (criterion, title, status, scenarios),
/// coverage per story and overall — for a pull request comment or a CI job summary (`$GITHUB_STEP_SUMMARY`).
struct RequirementsMarkdownWriter {
    let coverage: RequirementsCoverage?

    func document() -> String {
        guard let coverage else {
            return
                "# Requirements coverage\n\nThe run carried no story documents: add a `Requirements/` folder, or pass `--requirements DIR`.\n"
        }
        var out = "# Requirements coverage\n\n"
        out +=
            "**\(coverage.proven) of \(coverage.provable) criteri\(coverage.provable == 1 ? "on" : "a") proven (\(Self.percent(coverage.proven, coverage.provable)))**"
        if coverage.outside > 0 {
            out +=
                " · this run could prove \(coverage.provable) of \(coverage.total); \(coverage.outside) are outside it (their scenarios were not selected)"
        }
        let counts = CoverageStatus.allCases.dropFirst().map { status in
            (status, coverage.stories.reduce(0) { $0 + $1.criteria.filter { $0.status == status }.count })
        }
        for (status, count) in counts where count > 0 && status != .outsideRun { out += " · \(count) \(Self.words(status))" }
        out += "\n"
        for story in coverage.stories {
            out += "\n## \(Self.cell(story.id)): \(Self.cell(story.title))\n\n"
            if !story.narrative.isEmpty {
                out += story.narrative.split(whereSeparator: \.isNewline).map { "> \($0)\n" }.joined() + "\n"
            }
            out +=
                "\(story.proven) of \(story.total) proven (\(Self.percent(story.proven, story.total))) · `\(story.uri):\(story.line)`\n\n"
            out += "| Criterion | Title | Status | Scenarios |\n|---|---|---|---|\n"
            for criterion in story.criteria {
                let scenarios = criterion.scenarios.map { "`\($0.uri):\($0.line)` \(Self.cell($0.name)) (\($0.status))" }
                out += "| \(Self.cell(criterion.id)) | \(Self.cell(criterion.title)) | \(Self.badge(criterion.status)) | "
                out += (scenarios.isEmpty ? "—" : scenarios.joined(separator: "<br>")) + " |\n"
            }
            out += Self.criteriaText(story)
        }
        if !coverage.warnings.isEmpty {
            out += "\n## Warnings\n\n"
            for warning in coverage.warnings { out += "- `\(warning.uri):\(warning.line)`: \(Self.cell(warning.message))\n" }
        }
        return out
    }

    /// The document's Given/When/Then of each criterion, folded (GitHub renders `<details>`).
    static func criteriaText(_ story: StoryCoverage) -> String {
        let described = story.criteria.filter { !($0.given.isEmpty && $0.when.isEmpty && $0.then.isEmpty) }
        guard !described.isEmpty else { return "" }
        var out = "\n<details><summary>The criteria as the document words them</summary>\n\n"
        for criterion in described {
            var parts: [String] = []
            for (keyword, lines) in [("Given", criterion.given), ("When", criterion.when), ("Then", criterion.then)] where !lines.isEmpty {
                parts.append("**\(keyword)** " + lines.map(cell).joined(separator: " **and** "))
            }
            out += "- `\(criterion.id)` (`\(criterion.uri):\(criterion.line)`): " + parts.joined(separator: " ") + "\n"
        }
        return out + "\n</details>\n"
    }

    static func badge(_ status: CoverageStatus) -> String {
        switch status {
        case .proven: return "✅ proven"
        case .failing: return "❌ failing"
        case .notRun: return "⏸️ not run"
        case .noScenario: return "⚠️ no scenario"
        case .outsideRun: return "➖ outside this run"
        }
    }

    static func words(_ status: CoverageStatus) -> String {
        switch status {
        case .proven: return "proven"
        case .failing: return "failing"
        case .notRun: return "not run"
        case .noScenario: return "without a scenario"
        case .outsideRun: return "outside this run"
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
