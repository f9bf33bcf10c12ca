import Foundation
import SpecRunCore

enum HelpText {
    static var version: String { MetaFactory.implementationVersion }

    /// The language version specrun was compiled with (as the `meta` message names it).
    static var swiftVersion: String { SpecRunner.swiftVersion }

    /// `specrun help TOPIC`, `specrun TOPIC --help`: a subcommand's own help, else the general one.
    static func text(for topic: String?, program: String = "specrun") -> String {
        guard let topic, let spec = OptionTable.subcommand(topic) else { return main(program: program) }
        return """
            \(program) \(spec.name) — \(spec.summary)

            USAGE
              \(program) \(spec.name)\(spec.usage.isEmpty ? "" : " " + spec.usage)

            OPTIONS
            \(OptionTable.helpLines(spec.options))

            \(program) --help lists every command and the run options.
            """
    }

    /// The general help, in the words of the executable the user started (`shop-specs [PATH…]`, `shop-specs check`).
    static func main(program: String) -> String {
        guard program != "specrun" else { return main }
        // (The command's name, not `--specrun-path` or `specrun.json`.)
        return main.replacingOccurrences(of: #"(?<=^|\s)specrun(?=\s)"#, with: program, options: .regularExpression)
    }

    static var main: String {
        """
        specrun — run Gherkin features against Swift step definitions

        USAGE
          specrun [PATH[:LINE]...] [options]        run features (default: Features/)
          specrun watch [PATH...] [options]         run, then rerun what each save changes (feature or Swift file)
          specrun check [PATH...] [--format github] [--warnings-as-errors] [--strict-coverage] [--requirements DIR]
                                                    parse errors, undefined/ambiguous steps, closures that do not fit
                                                    their expression, unused step definitions, criteria without a
                                                    scenario, tags naming no criterion
          specrun import DOC.md [--output DIR]      a draft .feature per story of a document, tagged with its criteria
          specrun gherkin [options] FILE...         print the parser's NDJSON (source, AST, pickles, errors)
          specrun fmt [--check] [PATH...]           format .feature files (--check: list those that would change, exit 1)
          specrun lsp                               a language server for editors (docs/EDITORS.md)
          specrun init [--specrun-path DIR]          add Features/, steps, a spec executable and a test target to your package
          specrun completions bash|zsh|fish          shell completions; specrun man: the man page
          specrun report FILE.ndjson... --format NAME[:FILE]...
                                                    rebuild reports from saved message streams

        specrun COMMAND --help (or specrun help COMMAND) lists one command's options.

        RUN OPTIONS
          PATH                       a .feature/.feature.md file or a folder (searched recursively);
                                     PATH:LINE[:LINE] selects the scenarios or example rows at those lines;
                                     @FILE reads such paths from a rerun file
        \(OptionTable.helpLines())
              --                     the end of the options: what follows are paths

        REPORT OPTIONS
          FILE.ndjson...             message streams (--format message:FILE); several (CI shards) are merged into
                                     one run; a file given twice is read once; - reads standard input
          -f, --format NAME[:FILE]   as for a run (default: summary)
              --exit-status          exit with the merged run's status (0 passed, 1 failed, 3 unparsable file,
                                     4 nothing ran) instead of 0, so a CI merge job fails with the run
              --gate                 the same, read through the release gate: 0 when only should-criteria fail
              --diff OLD NEW         what changed in the documentation between two runs: criteria added,
                                     reworded or removed, scenarios newly or no longer covering one, coverage
                                     gained or lost
          An input that is missing, a folder, empty, binary, not a message stream, or cut short (a killed run:
          the reports are written from what it holds and marked incomplete) exits 2 with one line saying why.

        GHERKIN OPTIONS
          --no-source --no-ast --no-pickles --predictable-ids

        EXIT CODES
          0 passed   1 a scenario failed   2 bad arguments or configuration
          3 a feature file could not be parsed   4 nothing was selected
          130/143 interrupted (the reports hold the results so far)
        """
    }
}
