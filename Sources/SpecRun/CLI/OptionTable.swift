/// The run options, once: `--help`, the man page, the shell completions and the parser's suggestions are all made
/// from this table (a test checks that the parser accepts every entry).
struct OptionSpec: Equatable {
    var short: String?
    var long: String
    /// The value's placeholder (`EXPR`, `N`…); nil for a flag.
    var value: String?
    /// Values a shell can complete, if a fixed set.
    var choices: [String] = []
    var help: String
}

enum OptionTable {
    static let run: [OptionSpec] = [
        OptionSpec(
            short: "-t", long: "--tags", value: "EXPR", help: "only scenarios whose tags match, e.g. '@smoke and not @wip' (repeat = and)"),
        OptionSpec(short: "-n", long: "--name", value: "REGEX", help: "only scenarios whose name matches (repeat = or)"),
        OptionSpec(
            short: "-f", long: "--format", value: "NAME[:FILE]", choices: CommandLineParser.formatNames,
            help:
                "a report: \(CommandLineParser.formatNames.joined(separator: ", ")); repeatable; without FILE it writes to stdout (one format at most)"
        ),
        OptionSpec(
            long: "--format-options", value: "JSON",
            help: #"per-format options, e.g. '{"html": {"title": "Release 4.2"}, "junit": {"suiteName": "acceptance"}}'"#),
        OptionSpec(
            long: "--world-parameters", value: "JSON",
            help: #"values every World can read with WorldParameters.string("name"), e.g. '{"baseURL": "http://localhost:8080"}'"#),
        OptionSpec(short: "-d", long: "--dry-run", help: "match steps without running them"),
        OptionSpec(long: "--fail-fast", help: "stop after the first failing scenario"),
        OptionSpec(long: "--wip", help: "work in progress: the run fails when any scenario passes (e.g. with --tags @wip)"),
        OptionSpec(long: "--strict", help: "undefined and pending steps fail the run (the default)"),
        OptionSpec(long: "--no-strict", help: "undefined and pending steps do not fail the run"),
        OptionSpec(
            long: "--order", value: "ORDER", choices: ["defined", "reverse", "random"],
            help: "defined (default), reverse, random or random:SEED"),
        OptionSpec(long: "--retry", value: "N", help: "run a failing scenario up to N more times"),
        OptionSpec(long: "--retry-tag-filter", value: "EXPR", help: "retry only the scenarios whose tags match, e.g. '@flaky'"),
        OptionSpec(long: "--color", help: "colours on (default: on a terminal and NO_COLOR unset)"),
        OptionSpec(long: "--no-color", help: "colours off"),
        OptionSpec(long: "--no-progress", help: "no live progress line on a terminal (done/total, failed, elapsed, time left)"),
        OptionSpec(long: "--predictable-ids", help: "ids 0, 1, … in the message stream (reproducible reports)"),
        OptionSpec(long: "--no-isolation", help: "run in this process: faster to start, but a crashing step ends the run without reports"),
        OptionSpec(
            short: "-j", long: "--parallel", value: "N|auto", choices: ["auto"],
            help: "N crash-isolated worker processes at once (auto: one per core; default 1)"),
        OptionSpec(long: "--serial-tags", value: "EXPR", help: "scenarios matching it never run at the same time (default @serial)"),
        OptionSpec(
            long: "--timeout", value: "SECONDS", help: "fail a step or hook running longer and replace its worker (default 60; 0 = none)"),
        OptionSpec(
            long: "--tag-timeout", value: "EXPR=DURATION",
            help: "the timeout of the scenarios matching EXPR, e.g. '@slow=30s' (repeatable; a @timeout:5s tag wins)"),
        OptionSpec(
            long: "--memory-limit", value: "SIZE",
            help: "each worker may use at most SIZE of memory (e.g. 512M, 2G); a step that needs more fails, the run goes on"),
        OptionSpec(
            long: "--changed-since", value: "REF",
            help: "only the scenarios whose feature text, step definitions or hooks changed since a git ref (says which and why)"),
        OptionSpec(long: "--shard", value: "I/N", help: "run only part I of N of the selected scenarios (CI matrices)"),
        OptionSpec(
            long: "--shard-timings", value: "FILE", help: "balance shards (and hand out the slowest first) by an earlier message stream"),
        OptionSpec(
            long: "--requirements", value: "DIR",
            help: "the story documents whose criteria coverage every report shows (default: ./Requirements when it exists)"),
        OptionSpec(long: "--no-requirements", help: "no criteria coverage, even when ./Requirements exists"),
        OptionSpec(
            long: "--gate",
            help: "exit 1 only when a must criterion is not proven (criteria marked must/should; without marks: as always)"),
        OptionSpec(
            long: "--history", value: "DIR",
            help: "keep each run's results in DIR/specrun-history.json; the reports say what changed since the last run"),
        OptionSpec(
            short: "-p", long: "--profile", value: "NAME",
            help: "options from a profile of specrun.json (repeatable; default: the 'default' profile)"),
        OptionSpec(long: "--config", value: "FILE", help: "read the profiles from FILE instead of ./specrun.json"),
        OptionSpec(long: "--i18n-languages", help: "the spoken languages Gherkin knows (# language: CODE)"),
        OptionSpec(long: "--i18n-keywords", value: "LANG", help: "the keywords of one language, e.g. --i18n-keywords fr"),
        OptionSpec(short: "-h", long: "--help", help: "this text"),
        OptionSpec(long: "--version", help: "the version and the Swift version"),
    ]

    static let subcommands = ["watch", "check", "snippets", "gherkin", "report", "import", "init", "completions", "man", "help"]

    static var runFlags: [String] { run.map(\.long) }

    /// The RUN OPTIONS section of `--help`.
    static func helpLines() -> String { helpLines(run) }
}
