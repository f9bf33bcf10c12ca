/// What the user asked for on the command line: a plain value, parsed without touching the OS.
enum Command: Equatable {
    case run(RunOptions)
    case gherkin(GherkinOptions)
    case report(ReportCommandOptions)
    case help(topic: String?)
    case version
}

/// A report requested with `--format NAME[:FILE]`.
struct FormatRequest: Equatable {
    var name: String
    var path: String?
}

struct RunOptions: Equatable {
    var paths: [String] = []
    var tags: [String] = []
    var names: [String] = []
    var formats: [FormatRequest] = []
    var dryRun = false
    var failFast = false
    var strict = true
    var order = "defined"
    var retry = 0
    var color: Bool? = nil
    var predictableIds = false
    /// Run the scenarios in a worker process so that a crashing step cannot kill the run (`--no-isolation`: in-process).
    var isolation = true
    /// Hidden: this process is the worker of a supervising `specrun` (NDJSON envelopes on stdout).
    var worker = false
    /// Hidden, for workers: test cases already run by a crashed worker (see `RunConfiguration.resumeAfter`).
    var resumeAfter = 0
    /// Hidden, for workers: the seed of the ids, so every worker of a run makes the same definition ids.
    var idSeed: UInt64? = nil
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
    var color: Bool? = nil
    /// `--exit-status`: exit with the merged run's status (0 passed, 1 failed, 3 unparsable, 4 nothing ran), not 0.
    var exitStatus = false
}
