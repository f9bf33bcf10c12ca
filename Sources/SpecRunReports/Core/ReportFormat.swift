/// The report formats specrun can write. The raw value is the name used on the command line (`--format NAME[:FILE]`).
public enum ReportFormat: String, CaseIterable, Sendable {
    case pretty, progress, summary, message, junit, json, html, rerun, usage, github
    /// Criteria coverage of the story documents: Markdown tables, and JSON for dashboards.
    case requirements
    case requirementsJSON = "requirements-json"
    /// The run history file (`--history DIR` writes `DIR/specrun-history.json`): this run added to the last ones.
    case history
    /// The living documentation as a folder (`html-site:DIR`): an index, a page per feature, shared assets.
    case htmlSite = "html-site"
}

/// Where a report goes. Files are written atomically (temp file + rename) when the formatter finishes,
/// and their parent folders are created.
public enum ReportOutput: Sendable, Equatable {
    case stdout
    case file(String)
}

/// How the JUnit XML report names its test cases (the naming strategies of cucumber/junit-xml-formatter).
public enum JUnitNaming: String, Sendable, CaseIterable {
    /// `<rule> - <scenario> - <examples> - #1.2` (the default of Cucumber's formatter).
    case long
    /// Like `long`, with the feature name in front.
    case longWithFeature
    /// The pickle name only.
    case short
}

/// Options shared by every formatter; each formatter reads the ones it understands.
public struct ReportOptions: Sendable {
    /// ANSI colours in console formats. The CLI decides (terminal, `NO_COLOR`, `--no-color`).
    public var colors: Bool
    /// The `name` of the JUnit `<testsuite>`.
    public var junitSuiteName: String
    /// Replaces the feature name as the JUnit `classname` when set.
    public var junitClassName: String?
    public var junitNaming: JUnitNaming
    /// The title of the HTML living documentation.
    public var htmlTitle: String
    /// Console formats print the source location of scenarios and step definitions.
    public var showLocations: Bool
    /// Console formats list parse errors; a live run turns this off, since specrun prints each one on stderr
    /// already (compiler-style, with hints), and once is enough.
    public var listParseErrors = true
    /// The stream merges several runs (CI shards): they have no one execution order, so JUnit and Cucumber JSON
    /// list the test cases in the defined order (feature files as first seen, then lines), the serial run's.
    public var mergedRuns = false
    /// The runs before this one (`--history DIR`): the HTML, JUnit and summary say what changed since them.
    public var history: RunHistory?

    public init(
        colors: Bool = false,
        junitSuiteName: String = "Cucumber",
        junitClassName: String? = nil,
        junitNaming: JUnitNaming = .long,
        htmlTitle: String = "Living documentation",
        showLocations: Bool = true
    ) {
        self.colors = colors
        self.junitSuiteName = junitSuiteName
        self.junitClassName = junitClassName
        self.junitNaming = junitNaming
        self.htmlTitle = htmlTitle
        self.showLocations = showLocations
    }
}
