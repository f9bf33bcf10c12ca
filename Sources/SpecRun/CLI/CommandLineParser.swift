import Foundation
import Gherkin
import SpecRunEditor
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

/// Turns arguments into a `Command`. Cucumber-compatible spellings where Cucumber has one.
enum CommandLineParser {
    static let formatNames = ReportFormat.allCases.map(\.rawValue)

    static func parse(_ arguments: [String]) throws -> Command {
        var rest = arguments[...]
        guard let first = rest.first else { return .run(RunOptions()) }
        switch first {
        case "gherkin":
            rest.removeFirst()
            if rest.contains("-h") || rest.contains("--help") { return .help(topic: "gherkin") }
            return .gherkin(try parseGherkin(rest))
        case "report":
            rest.removeFirst()
            if rest.contains("-h") || rest.contains("--help") { return .help(topic: "report") }
            return .report(try parseReport(rest))
        case "init":
            rest.removeFirst()
            var options = InitOptions()
            var reader = ArgumentReader(rest)
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help": return .help(topic: "init")
                case "--specrun-path": options.specrunPath = try reader.value(for: argument)
                case "--specrun-url": options.published = true
                default: throw unknownOption(argument, known: ["--specrun-path", "--specrun-url", "--help"])
                }
            }
            return .initialize(options)
        case "completions":
            rest.removeFirst()
            if rest.contains("-h") || rest.contains("--help") { return .help(topic: "completions") }
            guard let shell = rest.first, rest.count == 1, Completions.shells.contains(shell) else {
                throw UsageError(message: "specrun completions: give one shell: bash, zsh or fish, e.g. source <(specrun completions bash)")
            }
            return .completions(shell: shell)
        case "man": return rest.contains("-h") || rest.contains("--help") ? .help(topic: "man") : .manPage
        case "check":
            rest.removeFirst()
            var options = CheckOptions()
            var reader = ArgumentReader(rest)
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help": return .help(topic: "check")
                case "-t", "--tags": options.tags = try reader.value(for: argument)
                case "--warnings-as-errors": options.warningsAsErrors = true
                case "--strict-coverage": options.strictCoverage = true
                case "--requirements": options.requirements = try reader.value(for: argument)
                case "--no-requirements": options.noRequirements = true
                case "-f", "--format":
                    let format = try reader.value(for: argument)
                    guard format == "github" || format == "text" else {
                        throw UsageError(message: "specrun check --format: text (default) or github, got '\(format)'")
                    }
                    options.github = format == "github"
                default:
                    if argument.hasPrefix("-") && argument != "-" {
                        throw unknownOption(
                            argument,
                            known: [
                                "--tags", "--format", "--warnings-as-errors", "--strict-coverage",
                                "--requirements", "--no-requirements", "--help",
                            ])
                    }
                    options.paths.append(argument)
                }
            }
            return .check(options)
        case "import":
            rest.removeFirst()
            var options = ImportOptions()
            var reader = ArgumentReader(rest)
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help": return .help(topic: "import")
                case "-o", "--output": options.output = try reader.value(for: argument)
                default:
                    if argument.hasPrefix("-") { throw unknownOption(argument, known: ["--output", "--help"]) }
                    options.documents.append(argument)
                }
            }
            guard !options.documents.isEmpty else {
                throw UsageError(
                    message: "specrun import: give a story document, e.g. specrun import Requirements/quiz.md --output Features/drafts")
            }
            return .importDocuments(options)
        case "fmt":
            rest.removeFirst()
            var options = FmtOptions()
            var reader = ArgumentReader(rest)
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help": return .help(topic: "fmt")
                case "--check": options.check = true
                default:
                    if argument.hasPrefix("-") { throw unknownOption(argument, known: ["--check", "--help"]) }
                    options.paths.append(argument)
                }
            }
            if options.paths.isEmpty { options.paths = ["Features"] }
            return .fmt(options)
        case "lsp": return rest.contains("-h") || rest.contains("--help") ? .help(topic: "lsp") : .lsp
        case "help": rest.removeFirst(); return .help(topic: rest.first)
        case "run": rest.removeFirst(); return try parseRun(rest)
        default: return try parseRun(rest)
        }
    }

    private static func parseRun(_ arguments: ArraySlice<String>) throws -> Command {
        var options = RunOptions()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "-h", "--help": return .help(topic: nil)
            case "--version": return .version
            case "--i18n-languages": return .languages
            case "--i18n-keywords":
                let code = try reader.value(for: argument)
                guard Dialect.named(code) != nil else {
                    let hint = Suggestions.closest(to: code, among: Dialect.codes).map { " (did you mean '\($0)'?)" } ?? ""
                    throw UsageError(message: "--i18n-keywords: no Gherkin language '\(code)'\(hint); specrun --i18n-languages lists them")
                }
                return .keywords(language: code)
            case "-t", "--tags": options.tags.append(try reader.value(for: argument))
            case "-n", "--name": options.names.append(try reader.value(for: argument))
            case "-f", "--format": options.formats.append(try parseFormat(try reader.value(for: argument)))
            case "--format-options": try options.formatOptions.merge(json: try reader.value(for: argument))
            case "--world-parameters":
                let text = try reader.value(for: argument)
                do {
                    options.worldParameters.merge(try WorldParameters.parse(json: text)) { _, new in new }
                } catch {
                    throw UsageError(message: "\(error)")
                }
            case "-d", "--dry-run": options.dryRun = true
            case "--fail-fast": options.failFast = true
            case "--strict": options.strict = true
            case "--no-strict": options.strict = false
            case "--order": options.order = try parseOrder(try reader.value(for: argument))
            case "--retry": options.retry = try parseRetry(try reader.value(for: argument), for: argument)
            case "--retry-tag-filter": options.retryTagFilter = try reader.value(for: argument)
            case "--no-color", "--no-colour": options.color = false
            case "--color", "--colour": options.color = true
            case "--predictable-ids": options.predictableIds = true
            case "--no-isolation": options.isolation = false
            case WorkerFlag.worker: options.worker = true
            case "-j", "--parallel": options.parallel = try parseParallel(try reader.value(for: argument), for: argument)
            case "--timeout": options.timeout = try parseSeconds(try reader.value(for: argument), for: argument)
            case "--tag-timeout": options.tagTimeouts.append(try parseTagTimeout(try reader.value(for: argument)))
            case "--shard": options.shard = try parseShard(try reader.value(for: argument))
            case "--shard-timings": options.shardTimings = try reader.value(for: argument)
            case "--serial-tags": options.serialTags = try reader.value(for: argument)
            case "--requirements": options.requirements = try reader.value(for: argument)
            case "--no-requirements": options.noRequirements = true
            case "--history":
                options.formats.append(FormatRequest(format: .history, path: RunHistory.file(in: try reader.value(for: argument))))
            case "--memory-limit": options.memoryLimit = try parseMemoryLimit(try reader.value(for: argument))
            case "--":
                while let path = reader.rest() { options.paths.append(path) }
            default:
                if argument.hasPrefix("-") && argument != "-" { throw unknownOption(argument, known: runFlags) }
                options.paths.append(argument)
            }
        }
        // A profile and the command line may ask for the same report: write it once.
        var seen = Set<String>()
        options.formats = options.formats.filter { seen.insert("\($0.name):\($0.path ?? "")").inserted }
        try checkStdoutOwners(options.formats)
        if options.memoryLimit != nil && !options.isolation && !options.worker {
            throw UsageError(
                message:
                    "--memory-limit applies to worker processes, and --no-isolation runs in this one; drop one of them (or limit this process with ulimit -d)"
            )
        }
        return .run(options)
    }

    private static func parseGherkin(_ arguments: ArraySlice<String>) throws -> GherkinOptions {
        var options = GherkinOptions()
        for argument in arguments {
            switch argument {
            case "--no-source": options.includeSource = false
            case "--no-ast": options.includeAST = false
            case "--no-pickles": options.includePickles = false
            case "--predictable-ids": options.predictableIds = true
            default:
                if argument.hasPrefix("-") {
                    throw unknownOption(argument, known: ["--no-source", "--no-ast", "--no-pickles", "--predictable-ids"])
                }
                options.paths.append(argument)
            }
        }
        if options.paths.isEmpty {
            throw UsageError(message: "specrun gherkin: give at least one feature file, e.g. specrun gherkin Features/quiz/start.feature")
        }
        return options
    }

    private static func parseReport(_ arguments: ArraySlice<String>) throws -> ReportCommandOptions {
        var options = ReportCommandOptions()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "-f", "--format": options.formats.append(try parseFormat(try reader.value(for: argument)))
            case "--format-options": try options.formatOptions.merge(json: try reader.value(for: argument))
            case "--no-color", "--no-colour": options.color = false
            case "--color", "--colour": options.color = true
            case "--exit-status": options.exitStatus = true
            case "--history":
                options.formats.append(FormatRequest(format: .history, path: RunHistory.file(in: try reader.value(for: argument))))
            default:
                if argument.hasPrefix("-") {
                    throw unknownOption(
                        argument, known: ["--format", "--format-options", "--no-color", "--color", "--exit-status", "--history", "--help"])
                }
                options.inputs.append(argument)
            }
        }
        if options.inputs.isEmpty {
            throw UsageError(
                message:
                    "specrun report: give at least one NDJSON message file, e.g. specrun report reports/run.ndjson --format html:reports/index.html"
            )
        }
        if options.formats.allSatisfy({ $0.format == .history }) {
            options.formats.insert(FormatRequest(format: .summary, path: nil), at: 0)
        }
        try checkStdoutOwners(options.formats)
        return options
    }

    static func parseFormat(_ text: String) throws -> FormatRequest {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let format = ReportFormat(rawValue: name) else {
            let hint = Suggestions.closest(to: name, among: formatNames).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "unknown format '\(name)'\(hint); formats: \(formatNames.joined(separator: ", "))")
        }
        guard parts.count == 2 else {
            if format == .htmlSite {
                throw UsageError(message: "--format html-site: give the folder to write, e.g. --format html-site:reports/site")
            }
            return FormatRequest(format: format, path: nil)
        }
        let path = String(parts[1])
        if path.isEmpty {
            throw UsageError(
                message: "--format \(name): the file after ':' is empty; write --format \(name):PATH or --format \(name) for stdout")
        }
        return FormatRequest(format: format, path: path)
    }

    private static func parseOrder(_ text: String) throws -> String {
        if text == "defined" || text == "reverse" || text == "random" { return text }
        if text.hasPrefix("random:"), UInt64(text.dropFirst("random:".count)) != nil { return text }
        throw UsageError(message: "--order: expected defined, reverse, random or random:SEED (SEED a whole number), got '\(text)'")
    }

    private static func parseCount(_ text: String, for option: String) throws -> Int {
        guard let count = Int(text), count >= 0 else { throw UsageError(message: "\(option): expected a whole number ≥ 0, got '\(text)'") }
        return count
    }

    /// At most `maximumRetry` attempts more: each is a whole scenario run again, and a count near `Int.max` would
    /// overflow the attempt number.
    static func parseRetry(_ text: String, for option: String) throws -> Int {
        let count = try parseCount(text, for: option)
        guard count <= maximumRetry else {
            throw UsageError(message: "\(option) \(text): at most \(maximumRetry) attempts more per scenario")
        }
        return count
    }

    static let maximumRetry = 1000

    static func parseParallel(_ text: String, for option: String) throws -> Int {
        if text == "auto" { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
        guard let count = Int(text), count >= 1 else {
            throw UsageError(message: "\(option): expected a number of workers ≥ 1 or 'auto', got '\(text)'")
        }
        return count
    }

    static func parseSeconds(_ text: String, for option: String) throws -> Double {
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw UsageError(message: "\(option): expected seconds ≥ 0 (0 = no timeout), got '\(text)'")
        }
        // Nanoseconds of it must fit in 64 bits (a worker's watchdog counts them): a year is more than any step needs.
        guard seconds <= maximumSeconds else {
            throw UsageError(message: "\(option) \(text): at most \(Int(maximumSeconds)) s (a year); give 0 for no timeout")
        }
        return seconds
    }

    static let maximumSeconds: Double = 365 * 24 * 3600

    /// `--tag-timeout '@slow=30s'`: a tag expression, `=`, a duration (`500ms`, `30s`, `2m`, or seconds).
    static func parseTagTimeout(_ text: String) throws -> TagTimeout {
        guard let timeout = TagTimeout(parsing: text) else {
            throw UsageError(
                message: "--tag-timeout: expected EXPR=DURATION such as '@slow=30s', '@db=500ms' or '@nightly=2m' "
                    + "(at most a year; 0 for no limit), got '\(text)'")
        }
        return timeout
    }

    /// `512M`, `2g`, `1048576` (bytes), `none` or `0` (no limit); at least 64M, less would not start a worker.
    static func parseMemoryLimit(_ text: String) throws -> UInt64? {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        if lower == "none" || lower == "0" { return nil }
        let units: [Character: UInt64] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40]
        var digits = lower.hasSuffix("b") ? String(lower.dropLast()) : lower
        var scale: UInt64 = 1
        if let last = digits.last, let unit = units[last] { scale = unit; digits.removeLast() }
        guard let number = UInt64(digits), case let (bytes, overflow) = number.multipliedReportingOverflow(by: scale), !overflow else {
            throw UsageError(message: "--memory-limit: expected a size such as 512M or 2G (or none), got '\(text)'")
        }
        guard bytes >= 64 << 20 else {
            throw UsageError(message: "--memory-limit \(text): a worker needs at least 64M to start; give 64M or more")
        }
        return bytes
    }

    static func parseShard(_ text: String) throws -> ShardOption {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError(message: "--shard: expected I/N (this machine's part I of N, e.g. 2/4), got '\(text)'")
        }
        guard count >= 1 else { throw UsageError(message: "--shard \(text): N must be at least 1") }
        guard index >= 1 && index <= count else {
            throw UsageError(message: "--shard \(text): I must be between 1 and \(count)")
        }
        return ShardOption(index: index, count: count)
    }

    private static func checkStdoutOwners(_ formats: [FormatRequest]) throws {
        let owners = formats.filter(\.writesToStdout)
        if owners.count > 1 {
            let named = owners.map { request in request.path.map { "\(request.name):\($0)" } ?? request.name }
            let second = owners[1].name
            throw UsageError(
                message:
                    "formats \(named.joined(separator: " and ")) both write to stdout; give all but one a file, e.g. --format \(second):reports/\(second).out"
            )
        }
    }

    private static var runFlags: [String] { OptionTable.runFlags }

    private static func unknownOption(_ option: String, known: [String]) -> UsageError {
        let name = String(option.split(separator: "=", maxSplits: 1)[0])
        let hint = Suggestions.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
        return UsageError(message: "unknown option '\(name)'\(hint)")
    }
}

/// Reads options and their values; accepts both `--tags X` and `--tags=X`.
struct ArgumentReader {
    private var arguments: ArraySlice<String>
    private var pendingValue: String?

    init(_ arguments: ArraySlice<String>) { self.arguments = arguments }

    mutating func next() -> String? {
        guard let argument = arguments.popFirst() else { return nil }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    /// The next argument as it is (after `--`: no more options).
    mutating func rest() -> String? { arguments.popFirst() }

    mutating func value(for option: String) throws -> String {
        if let value = pendingValue { pendingValue = nil; return value }
        guard let value = arguments.popFirst() else {
            throw UsageError(message: "\(option) needs a value, e.g. \(option) \(Self.example(for: option))")
        }
        return value
    }

    private static func example(for option: String) -> String {
        switch option {
        case "-t", "--tags": return "'@smoke and not @slow'"
        case "-n", "--name": return "'^Login'"
        case "-f", "--format": return "html:reports/index.html"
        case "--order": return "random:42"
        case "-j", "--parallel": return "4"
        case "--shard": return "1/3"
        case "--timeout": return "30"
        case "--tag-timeout": return "'@slow=30s'"
        case "--memory-limit": return "512M"
        default: return "VALUE"
        }
    }
}
