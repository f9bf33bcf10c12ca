import SpecRunReportCore
import SpecRunReports

/// What the user asked for on the command line: a plain value, parsed without touching the OS.
enum Command: Equatable {
    case run(RunOptions)
    case gherkin(GherkinOptions)
    case report(ReportCommandOptions)
    case initialize(InitOptions)
    case completions(shell: String)
    case check(CheckOptions)
    case snippets(SnippetsOptions)
    case importDocuments(ImportOptions)
    case fmt(FmtOptions)
    case lsp
    case watch(WatchOptions)
    case languages
    case keywords(language: String)
    case manPage
    case help(topic: String?)
    case version

    /// Whether it runs scenarios in worker processes (a run with isolation).
    var startsWorkers: Bool {
        guard case .run(let options) = self else { return false }
        return options.isolation && !options.dryRun && !options.worker
    }
}

/// A report requested with `--format NAME[:FILE]`.
/// One `--format NAME[:PATH]`: a format, read from its name once, when the command line is parsed.
struct FormatRequest: Equatable {
    var format: ReportFormat
    var path: String?
    /// A format the spec executable registered (`CustomFormat`): its name. Its `format` is then `message`, so the
    /// run hands it every envelope of the stream, step starts included, as the message report gets them.
    var custom: String? = nil

    /// The format's name on the command line.
    var name: String { custom ?? format.rawValue }
}

struct RunOptions: Equatable {
    var paths: [String] = []
    var tags: [String] = []
    var names: [String] = []
    var formats: [FormatRequest] = []
    var formatOptions = FormatOptions()
    /// `--world-parameters JSON`: values every World can read (`WorldParameters`), merged when repeated.
    var worldParameters: [String: String] = [:]
    var dryRun = false
    var failFast = false
    /// `--wip`: the run fails when any scenario passes (work in progress).
    var wip = false
    var strict = true
    var order = "defined"
    var retry = 0
    /// `--retry-tag-filter EXPR`: only scenarios whose tags match are retried.
    var retryTagFilter: String? = nil
    var color: Bool? = nil
    var predictableIds = false
    /// The live progress line on a terminal (`--no-progress`: none).
    var progress = true
    /// Run the scenarios in a worker process so that a crashing step cannot kill the run (`--no-isolation`: in-process).
    var isolation = true
    /// Hidden: this process is the worker of a supervising `specrun` (NDJSON envelopes on stdout).
    var worker = false
    /// Hidden (`--watch-said FILE`, given by `watch`): this run is the second of one rerun of `watch`, whose first run
    /// said the run's own warnings and those of these files: neither is said again.
    var watchSaid: [String] = []
    /// `--parallel N` / `-j N`: how many worker processes run scenarios at once (`auto`: one per core).
    var parallel = 1
    /// `--timeout SECONDS`: a step or hook running longer fails and its worker is replaced; 0 disables it.
    var timeout: Double = RunOptions.defaultTimeout
    /// `--tag-timeout EXPR=DURATION` (a profile's `timeouts`): the timeout of the scenarios matching EXPR.
    var tagTimeouts: [TagTimeout] = []
    /// `--changed-since REF`: only the scenarios a change since this git ref affects.
    var changedSince: String? = nil
    /// `--shard I/N`: run only the I-th of N parts of the selected scenarios.
    var shard: ShardOption? = nil
    /// `--shard-timings FILE`: an earlier run's message stream, to balance the shards (and hand out the slowest
    /// scenarios first) by measured durations.
    var shardTimings: String? = nil
    /// `--serial-tags EXPR`: scenarios matching it never run at the same time as each other.
    var serialTags = "@serial"
    /// `--requirements DIR`: the folder of story documents whose criteria the run's coverage shows (default:
    /// `Requirements` when it exists; `--no-requirements`: none).
    var requirements: String? = nil
    var noRequirements = false
    /// `--gate`: the exit status follows the release gate (criteria marked must/should) when the run marks any.
    var gate = false
    /// `--memory-limit SIZE`: the most data memory a worker process may use, in bytes (nil: no limit).
    var memoryLimit: UInt64? = nil

    static let defaultTimeout: Double = 60
}

struct ShardOption: Equatable {
    var index: Int
    var count: Int
}

struct GherkinOptions: Equatable {
    var includeSource = true
    var includeAST = true
    var includePickles = true
    var predictableIds = false
    var paths: [String] = []
}

struct ReportCommandOptions: Equatable {
    var inputs: [String] = []
    var formats: [FormatRequest] = []
    var formatOptions = FormatOptions()
    var color: Bool? = nil
    /// `--exit-status`: exit with the merged run's status (0 passed, 1 failed, 3 unparsable, 4 nothing ran), not 0.
    var exitStatus = false
    /// `--gate`: the exit status is the merged run's read through the release gate (as `specrun --gate`); implies
    /// `--exit-status`.
    var gate = false
    /// `--diff OLD NEW`: what changed in the documentation between two runs, printed instead of reports.
    var diff = false
}
