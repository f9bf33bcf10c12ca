/// What to run and how: the options of `specrun run`, as values.
public struct RunConfiguration: Sendable, Equatable {
    /// Files or folders (searched recursively for `.feature` and `.feature.md`), each optionally followed by
    /// `:LINE[:LINE…]` to select scenarios, rules, examples or example rows; `@file` reads a rerun file of
    /// such entries.
    public var paths: [String]
    /// A tag expression (`@smoke and not @slow`); nil runs every scenario.
    public var tags: String?
    /// Regular expressions on the scenario name; a scenario is selected if any matches.
    public var names: [String]
    public var dryRun: Bool
    public var failFast: Bool
    /// Undefined and pending steps fail the run (as Cucumber's default).
    public var strict: Bool
    public var order: Order
    /// How many more times a failed scenario is run.
    public var retry: Int
    /// `--retry-tag-filter EXPR`: only scenarios whose tags match are retried (as cucumber-js); nil: every one.
    public var retryTagFilter: String? = nil
    /// `--tag-timeout EXPR=DURATION` (a profile's `timeouts`): the limit of each step and hook of the scenarios
    /// matching EXPR (the longest when several match); a `@timeout:` tag and a step definition's `timeout:` come first.
    public var tagTimeouts: [TagTimeout] = []
    /// Relative paths are resolved against this folder, and URIs in the messages are made relative to it
    /// (default: the current directory).
    public var workingDirectory: String?
    public var unknownParameterTypes: UnknownParameterTypePolicy
    /// How snippets for undefined steps write their closure.
    public var snippetInterface: SnippetInterface = .synchronous
    /// This run's part of a split suite (`--shard I/N`): only its test cases are planned and run.
    public var shard: Shard?
    /// In a dry run, convert each matched step's values to its closure's parameter types (running nothing): a
    /// step whose values do not fit its step definition fails, as it would when run (`specrun check`, `--dry-run`).
    public var checkArguments = false
    /// Documents run as Gherkin, by path (as resolved from `paths`): a story document's Given/When/Then blocks,
    /// translated by the caller (the CLI reads them with the Requirements module). Other `.md` files are refused.
    public var documents: [String: TranslatedDocument] = [:]
    /// `--world-parameters JSON` (a profile's `worldParameters`): the values every World, step and hook of the run
    /// reads with `WorldParameters.string("name")`.
    public var worldParameters: [String: String] = [:]

    public init(
        paths: [String] = ["Features"], tags: String? = nil, names: [String] = [],
        dryRun: Bool = false, failFast: Bool = false, strict: Bool = true,
        order: Order = .defined, retry: Int = 0, workingDirectory: String? = nil,
        unknownParameterTypes: UnknownParameterTypePolicy = .fail
    ) {
        self.paths = paths
        self.tags = tags
        self.names = names
        self.dryRun = dryRun
        self.failFast = failFast
        self.strict = strict
        self.order = order
        self.retry = retry
        self.workingDirectory = workingDirectory
        self.unknownParameterTypes = unknownParameterTypes
    }

    public enum Order: Sendable, Equatable, CustomStringConvertible {
        case defined
        case reverse
        /// A seeded shuffle; nil picks a seed, reported in `RunSummary.seed` so the order can be replayed.
        case random(seed: UInt64?)

        /// `defined`, `reverse`, `random` or `random:SEED`.
        public init?(parsing text: String) {
            switch text {
            case "defined": self = .defined
            case "reverse": self = .reverse
            case "random": self = .random(seed: nil)
            default:
                guard text.hasPrefix("random:"), let seed = UInt64(text.dropFirst("random:".count)) else { return nil }
                self = .random(seed: seed)
            }
        }

        public var description: String {
            switch self {
            case .defined: return "defined"
            case .reverse: return "reverse"
            case .random(let seed): return seed.map { "random:\($0)" } ?? "random"
            }
        }
    }

    public enum SnippetInterface: String, Sendable, Equatable, Codable {
        case synchronous
        case async = "async-await"
    }

    /// What to do with a step definition whose expression names an unknown `{type}`.
    public enum UnknownParameterTypePolicy: Sendable, Equatable {
        /// Throw `SpecRunError.unknownParameterType` before running.
        case fail
        /// Emit an `undefinedParameterType` message and treat the definition as absent (as the CCK expects).
        case report
    }
}
