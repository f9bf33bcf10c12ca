import Messages
import SpecRunReportCore

/// How the JUnit XML report names its test cases (the naming strategies of cucumber/junit-xml-formatter).
package enum JUnitNaming: String, Sendable, CaseIterable {
    /// `<rule> - <scenario> - <examples> - #1.2` (the default of Cucumber's formatter).
    case long
    /// Like `long`, with the feature name in front.
    case longWithFeature
    /// The pickle name only.
    case short
}

/// Options shared by every formatter; each formatter reads the ones it understands.
package struct ReportOptions: Sendable {
    /// ANSI colours in console formats. The CLI decides (terminal, `NO_COLOR`, `--no-color`).
    package var colors: Bool
    /// The `name` of the JUnit `<testsuite>`.
    package var junitSuiteName: String
    /// Replaces the feature name as the JUnit `classname` when set.
    package var junitClassName: String?
    package var junitNaming: JUnitNaming
    /// The title of the HTML living documentation.
    package var htmlTitle: String
    /// Console formats print the source location of scenarios and step definitions.
    package var showLocations: Bool
    /// Console formats list parse errors; a live run turns this off for those on the console, since specrun prints
    /// each one on stderr already (compiler-style, with hints), and once is enough (one written to a file lists them).
    package var listParseErrors = true
    /// What the console says of a parse error after its `file:line:column: ` (`expected a step, …, got 'Giving x'
    /// (did you mean 'Given'?)`), which the reports say too (`parseErrorLine`); the CLI gives it (the words need the
    /// Gherkin dialects). Nil: the parser's message without its location.
    package var parseErrorWords: (@Sendable (ParseError) -> String)?
    /// The stream merges several runs (CI shards): they have no one execution order, so JUnit and Cucumber JSON
    /// list the test cases in the defined order (feature files as first seen, then lines), the serial run's.
    package var mergedRuns = false
    /// The runs before this one (`--history DIR`): the HTML, JUnit and summary say what changed since them.
    package var history: RunHistory?
    /// The report the status card (`--format status:FILE`) links into: relative to the card, or http(s).
    package var statusReport = "index.html"
    /// Where a report says something to the person running it (one line on stderr from the CLI), e.g. that a
    /// one-file HTML report is too large to open quickly.
    package var note: (@Sendable (String) -> Void)?

    package init(
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
