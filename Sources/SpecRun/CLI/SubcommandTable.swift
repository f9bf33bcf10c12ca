/// The subcommands and their options, once: each subcommand's `--help`, the man page's COMMANDS section and the
/// shell completions are made from this table (a test checks that the parser accepts every entry).
struct SubcommandSpec: Equatable {
    var name: String
    /// What follows the name in USAGE, e.g. `[PATH...] [options]`.
    var usage: String
    var summary: String
    var options: [OptionSpec]
}

extension OptionTable {
    static let help = OptionSpec(short: "-h", long: "--help", help: "this text")

    static let check = SubcommandSpec(
        name: "check", usage: "[PATH...] [options]",
        summary: "check the suite without running it: parse errors, undefined and ambiguous steps, closures that do not fit "
            + "their expression, unused step definitions, criteria without a scenario, tags naming no criterion",
        options: [
            OptionSpec(short: "-t", long: "--tags", value: "EXPR", help: "only scenarios whose tags match"),
            OptionSpec(
                short: "-f", long: "--format", value: "FORMAT", choices: ["text", "github"],
                help: "text (default) or github (GitHub Actions annotations)"),
            OptionSpec(long: "--warnings-as-errors", help: "exit 1 on a warning too"),
            OptionSpec(long: "--strict-coverage", help: "a criterion without a scenario, or a tag naming no criterion, is an error"),
            OptionSpec(
                long: "--requirements", value: "DIR",
                help: "the story documents whose criteria need scenarios (default: ./Requirements when it exists)"),
            OptionSpec(long: "--no-requirements", help: "no criteria coverage check"),
            help,
        ])

    static let snippets = SubcommandSpec(
        name: "snippets", usage: "[PATH...] [--output FILE] [--name NAME] [--world TYPE]",
        summary: "every distinct undefined step, once, as one step library file to add to the package (each snippet "
            + "matches exactly the steps it was made for; nothing runs)",
        options: [
            OptionSpec(
                short: "-o", long: "--output", value: "FILE", help: "write the file here (an existing file is kept) rather than print it"),
            OptionSpec(long: "--name", value: "NAME", help: "the step library's type name (default PendingSteps)"),
            OptionSpec(
                long: "--world", value: "TYPE", help: "bind the steps to this World of yours (default: a World declared in the file)"),
            OptionSpec(short: "-t", long: "--tags", value: "EXPR", help: "only scenarios whose tags match"),
            help,
        ])

    static let importDocuments = SubcommandSpec(
        name: "import", usage: "DOC.md... [--output DIR]",
        summary: "write a draft .feature per story of a story document, each criterion a scenario tagged with its id",
        options: [
            OptionSpec(
                short: "-o", long: "--output", value: "DIR", help: "where the drafts go (default Features/drafts; an existing file is kept)"
            ),
            help,
        ])

    static let initialize = SubcommandSpec(
        name: "init", usage: "[--specrun-path DIR | --specrun-url]",
        summary: "add Features/, a step library, a spec executable, a swift test target and specrun.json to the package "
            + "in this folder, and edit its Package.swift (or print the lines to add)",
        options: [
            OptionSpec(
                long: "--specrun-path", value: "DIR",
                help: "depend on the specrun checkout in DIR (default: the checkout this specrun was built from, if any)"),
            OptionSpec(long: "--specrun-url", help: "depend on the published specrun package even when run from a checkout"),
            help,
        ])

    static let report = SubcommandSpec(
        name: "report", usage: "FILE.ndjson...|- --format NAME[:FILE]...",
        summary: "rebuild reports from saved message streams (several, e.g. CI shards, are merged into one run)",
        options: [
            OptionSpec(
                short: "-f", long: "--format", value: "NAME[:FILE]", choices: CommandLineParser.formatNames,
                help: "a report, as for a run (default: summary)"),
            OptionSpec(long: "--format-options", value: "JSON", help: "per-format options, as for a run"),
            OptionSpec(long: "--exit-status", help: "exit with the merged run's status (0, 1, 3 or 4) instead of 0"),
            OptionSpec(long: "--gate", help: "the same, read through the release gate: 0 when only should-criteria fail"),
            OptionSpec(long: "--diff", help: "OLD NEW: what changed in the documentation between two runs, instead of reports"),
            OptionSpec(long: "--history", value: "DIR", help: "add the merged run to the history in DIR, as for a run"),
            OptionSpec(long: "--color", help: "colours on"),
            OptionSpec(long: "--no-color", help: "colours off"),
            help,
        ])

    static let gherkin = SubcommandSpec(
        name: "gherkin", usage: "[options] FILE...",
        summary: "print the parser's NDJSON (source, AST, pickles, parse errors), as the official gherkin tools do",
        options: [
            OptionSpec(long: "--no-source", help: "leave out the source messages"),
            OptionSpec(long: "--no-ast", help: "leave out the Gherkin documents"),
            OptionSpec(long: "--no-pickles", help: "leave out the pickles"),
            OptionSpec(long: "--predictable-ids", help: "ids 0, 1, … instead of UUIDs"),
            help,
        ])

    static let fmt = SubcommandSpec(
        name: "fmt", usage: "[--check] [PATH...]",
        summary:
            "format .feature files (default: Features/) as the community writes them (indentation, aligned tables); a file that does not parse is left as it is",
        options: [
            OptionSpec(long: "--check", help: "change nothing: list the files that would change and exit 1 if any (for CI)"),
            help,
        ])

    static let lsp = SubcommandSpec(
        name: "lsp", usage: "",
        summary: "a Language Server Protocol server on stdin/stdout for editors: diagnostics, completion, go to definition, "
            + "hover, outline and formatting, from this executable's step definitions (docs/EDITORS.md)",
        options: [help])

    static let completionsCommand = SubcommandSpec(
        name: "completions", usage: "bash|zsh|fish",
        summary: "shell completions for this executable's name (specrun, or your spec executable)", options: [help])

    static let man = SubcommandSpec(name: "man", usage: "", summary: "the man page, in roff", options: [help])

    static let watch = SubcommandSpec(
        name: "watch", usage: "[PATH...] [run options]",
        summary: "run the paths, then on each save of a feature file rerun the scenarios it changed, and on each save of a "
            + "Swift file of the package rebuild (swift build) and rerun those whose step definitions changed; what failed "
            + "reruns first, each time; Ctrl-C ends it",
        options: [help])

    static let subcommandSpecs = [watch, check, snippets, importDocuments, initialize, report, gherkin, fmt, lsp, completionsCommand, man]

    static func subcommand(_ name: String) -> SubcommandSpec? {
        subcommandSpecs.first { $0.name == name }
    }

    /// Option lines as `--help` prints them.
    static func helpLines(_ options: [OptionSpec]) -> String {
        options.map { option in
            var names = option.short.map { "\($0), " } ?? "    "
            names += option.long + (option.value.map { " \($0)" } ?? "")
            let padded =
                names.count < 27
                ? names + String(repeating: " ", count: 27 - names.count) : names + "\n" + String(repeating: " ", count: 29)
            return "  " + padded + option.help
        }.joined(separator: "\n")
    }
}
