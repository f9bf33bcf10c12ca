/// The report formats specrun can write. The raw value is the name used on the command line (`--format NAME[:FILE]`).
package enum ReportFormat: String, CaseIterable, Sendable {
    case pretty, progress, summary, message, junit, json, html, rerun, usage, github
    /// The usage report as JSON (as cucumber-js's `usage-json`): each step definition, where it is, and the steps
    /// it matched with their locations and durations.
    case usageJSON = "usage-json"
    /// Criteria coverage of the story documents: Markdown tables, and JSON for dashboards.
    case requirements
    case requirementsJSON = "requirements-json"
    /// The run history file (`--history DIR` writes `DIR/specrun-history.json`): this run added to the last ones.
    case history
    /// The living documentation as a folder (`html-site:DIR`): an index, a page per feature, shared assets.
    case htmlSite = "html-site"
    /// The status card (`status:FILE`): a small self-contained page with the verdict and an SVG badge beside it.
    case status
}

/// Where a report goes. Files are written atomically (temp file + rename) when the formatter finishes,
/// and their parent folders are created.
package enum ReportOutput: Sendable, Equatable {
    case stdout
    case file(String)
}
