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
                throw UsageError(
                    message:
                        "\(ProgramName.current) completions: give one shell: bash, zsh or fish, e.g. source <(\(ProgramName.current) completions bash)"
                )
            }
            return .completions(shell: shell)
        case "snippets": return try snippets(Array(rest.dropFirst()))
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
                    message:
                        "\(ProgramName.current) import: give a story document, e.g. \(ProgramName.current) import Requirements/quiz.md --output Features/drafts"
                )
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
        case "watch":
            rest.removeFirst()
            if rest.contains("-h") || rest.contains("--help") { return .help(topic: "watch") }
            guard case .run(let run) = try parseRun(rest) else { return .help(topic: "watch") }
            return .watch(WatchOptions(run: run, passOn: watchPassOn(Array(rest))))
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
            case "--wip": options.wip = true
            case "--strict": options.strict = true
            case "--no-strict": options.strict = false
            case "--order": options.order = try parseOrder(try reader.value(for: argument))
            case "--retry": options.retry = try parseRetry(try reader.value(for: argument), for: argument)
            case "--retry-tag-filter": options.retryTagFilter = try reader.value(for: argument)
            case "--no-color", "--no-colour": options.color = false
            case "--color", "--colour": options.color = true
            case "--predictable-ids": options.predictableIds = true
            case "--no-progress": options.progress = false
            case "--no-isolation": options.isolation = false
            case WorkerFlag.worker: options.worker = true
            case WatchCommand.saidFlag: options.watchSaid.append(try reader.value(for: argument))
            case "-j", "--parallel": options.parallel = try parseParallel(try reader.value(for: argument), for: argument)
            case "--timeout": options.timeout = try parseSeconds(try reader.value(for: argument), for: argument)
            case "--tag-timeout": options.tagTimeouts.append(try parseTagTimeout(try reader.value(for: argument)))
            case "--changed-since": options.changedSince = try reader.value(for: argument)
            case "--shard": options.shard = try parseShard(try reader.value(for: argument))
            case "--shard-timings": options.shardTimings = try reader.value(for: argument)
            case "--serial-tags": options.serialTags = try reader.value(for: argument)
            case "--requirements": options.requirements = try reader.value(for: argument)
            case "--no-requirements": options.noRequirements = true
            case "--gate": options.gate = true
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

    /// The arguments of `watch` without its paths (what follows `--`, or is not an option nor an option's value).
    private static func watchPassOn(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument.hasPrefix("-") && argument != "-" {
                kept.append(argument)
                let takesValue = OptionTable.run.contains { ($0.long == argument || $0.short == argument) && $0.value != nil }
                if takesValue, index + 1 < arguments.count {
                    kept.append(arguments[index + 1])
                    index += 1
                }
            }
            index += 1
        }
        return kept
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
            throw UsageError(
                message:
                    "\(ProgramName.current) gherkin: give at least one feature file, e.g. \(ProgramName.current) gherkin Features/quiz/start.feature"
            )
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
            case "--gate":
                options.gate = true
                options.exitStatus = true
            case "--diff": options.diff = true
            case "--history":
                options.formats.append(FormatRequest(format: .history, path: RunHistory.file(in: try reader.value(for: argument))))
            // `-`: standard input, as the Cucumber tools read it.
            case "-": options.inputs.append("/dev/stdin")
            default:
                if argument.hasPrefix("-") {
                    throw unknownOption(
                        argument,
                        known: [
                            "--format", "--format-options", "--no-color", "--color", "--exit-status", "--gate", "--diff", "--history",
                            "--help",
                        ])
                }
                options.inputs.append(argument)
            }
        }
        if options.inputs.isEmpty {
            throw UsageError(
                message:
                    "\(ProgramName.current) report: give at least one NDJSON message file, e.g. \(ProgramName.current) report reports/run.ndjson --format html:reports/index.html"
            )
        }
        if options.formats.allSatisfy({ $0.format == .history }) {
            options.formats.insert(FormatRequest(format: .summary, path: nil), at: 0)
        }
        try checkStdoutOwners(options.formats)
        return options
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

    static func unknownOption(_ option: String, known: [String]) -> UsageError {
        let name = String(option.split(separator: "=", maxSplits: 1)[0])
        let hint = Suggestions.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
        return UsageError(message: "unknown option '\(name)'\(hint)")
    }
}
