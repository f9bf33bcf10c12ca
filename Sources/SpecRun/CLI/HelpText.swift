import SpecRunCore

enum HelpText {
    static let version = "0.2.0"

    /// The language version specrun was compiled with (as the `meta` message names it).
    static var swiftVersion: String { SpecRunner.swiftVersion }

    static let main = """
    specrun — run Gherkin features against Swift step definitions

    USAGE
      specrun [PATH[:LINE]...] [options]        run features (default: Features/)
      specrun gherkin [options] FILE...         print the parser's NDJSON (source, AST, pickles, errors)
      specrun init [--specrun-path DIR]          add Features/, a step library and a spec executable to your package
      specrun report FILE.ndjson... --format NAME[:FILE]...
                                                rebuild reports from saved message streams

    RUN OPTIONS
      PATH                       a .feature/.feature.md file or a folder (searched recursively);
                                 PATH:LINE[:LINE] selects the scenarios or example rows at those lines;
                                 @FILE reads such paths from a rerun file
      -t, --tags EXPR            only scenarios whose tags match, e.g. '@smoke and not @wip' (repeat = and)
      -n, --name REGEX           only scenarios whose name matches (repeat = or)
      -f, --format NAME[:FILE]   pretty, progress, summary, message, junit, json, html, rerun, usage, github;
                                 repeatable; without FILE it writes to stdout (one format at most)
          --format-options JSON  per-format options, e.g. '{"html": {"title": "Release 4.2"}, "junit":
                                 {"suiteName": "acceptance", "className": "specs"}, "console": {"showLocations": false}}'
      -d, --dry-run              match steps without running them
          --fail-fast            stop after the first failing scenario
          --no-strict            undefined and pending steps do not fail the run
          --order ORDER          defined (default), reverse, random or random:SEED
          --retry N              run a failing scenario up to N more times
          --no-color, --color    colours (default: on a terminal and NO_COLOR unset)
          --no-isolation         run in this process: faster to start, but a crashing step
                                 (force unwrap of nil, fatalError…) ends the run without reports
      -j, --parallel N|auto      N crash-isolated worker processes at once (auto: one per core; default 1)
          --serial-tags EXPR     scenarios matching it never run at the same time (default @serial)
          --timeout SECONDS      fail a step or hook running longer and replace its worker (default 60; 0 = none)
          --shard I/N            run only part I of N of the selected scenarios (CI matrices)
          --shard-timings FILE   balance shards (and hand out the slowest first) by an earlier message stream
          --                     the end of the options: what follows are paths
      -p, --profile NAME         options from a profile of specrun.json (repeatable; default: the 'default' profile)
          --config FILE          read the profiles from FILE instead of ./specrun.json
      -h, --help                 this text
          --version              the version

    REPORT OPTIONS
      FILE.ndjson...             message streams (--format message:FILE); several (CI shards) are merged into
                                 one run; a file given twice is read once
      -f, --format NAME[:FILE]   as for a run (default: summary)
          --exit-status          exit with the merged run's status (0 passed, 1 failed, 3 unparsable file,
                                 4 nothing ran) instead of 0, so a CI merge job fails with the run
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
