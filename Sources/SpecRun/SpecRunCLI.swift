import Foundation
import SpecRunCore
import SpecRunWorkers

/// The command-line face of specrun. `main.swift` of an executable calls `await SpecRunCLI.main(libraries:)`.
public enum SpecRunCLI {
    /// Runs the command line of this process with these step libraries, then exits with specrun's code.
    /// `formatters`: formats of your own (`CustomFormat`), selected as `--format NAME[:FILE]` like the built-in ones.
    public static func main(libraries: [any StepLibrary.Type], formatters: [CustomFormat] = []) async -> Never {
        let console = SystemConsole()
        SystemConsole.ignoreBrokenPipes()
        if PreforkedWorker.isThisProcess {
            // Forked before `main` to be the first worker; its supervisor may not need it (it then closes stdin).
            SystemConsole.exit(await worker(libraries: libraries, console: console, quietWithoutConfiguration: true))
        }
        let code = await run(
            Array(CommandLine.arguments.dropFirst()), libraries: libraries, formatters: formatters, console: console,
            // (The process's two that RunCommand still reads; once it takes its launcher's, new ones.)
            isolation: SystemWorkerLauncher(interrupts: .shared, returns: .shared),
            readConfig: { FileManager.default.contents(atPath: $0).map { String(decoding: $0, as: UTF8.self) } })
        SystemConsole.exit(code)
    }

    /// The whole CLI as a function of its arguments, for tests: returns the exit code. Runs go through worker
    /// processes started by `isolation` (unless `--no-isolation` or `--dry-run`); without one they run in-process.
    /// `readConfig` reads a config file (`specrun.json`, or `--config FILE`) by path; nil reads none.
    static func run(
        _ arguments: [String], libraries: [any StepLibrary.Type], formatters: [CustomFormat] = [], console: any Console,
        isolation: (any WorkerLauncher)? = nil, readConfig: ((String) -> String?)? = nil
    ) async -> Int32 {
        // (The parser and the reports find the registered formats here, for this call only.)
        await CustomFormats.$registered.withValue(formatters) {
            await runCommand(arguments, libraries: libraries, console: console, isolation: isolation, readConfig: readConfig)
        }
    }

    private static func runCommand(
        _ arguments: [String], libraries: [any StepLibrary.Type], console: any Console,
        isolation: (any WorkerLauncher)?, readConfig: ((String) -> String?)?
    ) async -> Int32 {
        let command: Command
        do {
            let expanded = try readConfig.map { try ConfigFile.expand(arguments, read: $0) } ?? arguments
            command = try CommandLineParser.parse(expanded)
        } catch {
            return console.usageFailure(error)
        }
        if !command.startsWorkers { isolation?.releaseUnused() }
        switch command {
        case .help(let topic):
            console.out(HelpText.text(for: topic, program: Completions.programName) + "\n")
            return ExitCode.passed.rawValue
        case .version:
            console.out("specrun \(HelpText.version) (Swift \(HelpText.swiftVersion))\n")
            return ExitCode.passed.rawValue
        case .gherkin(let options):
            return GherkinCommand(options: options, console: console).run()
        case .completions(let shell):
            console.out(Completions.script(for: shell, program: Completions.programName) ?? "")
            return ExitCode.passed.rawValue
        case .check(let options):
            return await CheckCommand(options: options, libraries: libraries, console: console).run()
        case .snippets(let options):
            return await SnippetsCommand(options: options, libraries: libraries, console: console).run()
        case .languages:
            console.out(LanguagesCommand.languages())
            return ExitCode.passed.rawValue
        case .keywords(let code):
            console.out(LanguagesCommand.keywords(code) ?? "")
            return ExitCode.passed.rawValue
        case .manPage:
            console.out(Completions.manPage())
            return ExitCode.passed.rawValue
        case .fmt(let options):
            return FmtCommand(options: options, console: console).run()
        case .watch(let options):
            isolation?.releaseUnused()
            return await WatchCommand(options: options, libraries: libraries, console: console).run()
        case .lsp:
            return await LSPCommand(libraries: libraries, console: console).run()
        case .importDocuments(let options):
            return ImportCommand(options: options, console: console).run()
        case .initialize(let options):
            return InitCommand(options: options, console: console).run()
        case .report(let options):
            return ReportCommand(options: options, console: console).run()
        case .run(let options) where options.worker:
            _ = options
            return await worker(libraries: libraries, console: console, quietWithoutConfiguration: false)
        case .run(var options):
            // The signals that end a run are this run's from here on: one that comes while it is still being
            // prepared (reading the features, starting workers) ends it with its reports, like one that comes later.
            isolation?.interrupts?.listen { _, _ in }
            if let ref = options.changedSince {
                do {
                    options.paths = try await ChangedSince(ref: ref, libraries: libraries, console: console).paths(for: options)
                } catch {
                    isolation?.releaseUnused()
                    return console.usageFailure(error)
                }
                if options.paths.isEmpty {
                    isolation?.releaseUnused()
                    return ExitCode.passed.rawValue
                }
            }
            if let line = RerunInput.nothingToRerun(options.paths) {
                isolation?.releaseUnused()
                console.err(line)
                return ExitCode.passed.rawValue
            }
            return await RunCommand(options: options, libraries: libraries, console: console, launcher: isolation).run()
        }
    }

    /// This process as a worker of a supervising specrun (`--worker`, or forked to be one).
    private static func worker(libraries: [any StepLibrary.Type], console: any Console, quietWithoutConfiguration: Bool) async -> Int32 {
        let channels = WorkerChannels.claim()
        ProcessControl.leadOwnProcessGroup()
        ProcessControl.endWithParent()
        WorkerOutbox.installCrashFlush()
        let instructions = InstructionReader(fd: channels.instructions)
        var command = WorkerCommand(
            libraries: libraries, console: console, nextLine: { instructions.nextLine() },
            outbox: WorkerOutbox(fd: channels.messages))
        command.hasInstruction = { instructions.hasLine() }
        command.quietWithoutConfiguration = quietWithoutConfiguration
        let code = await command.run()
        // The process ends right after this: what the run holds (every pickle and test case, reached through the
        // outbox's describer) is left for the exit to reclaim, not freed piece by piece first (75 M instructions
        // on c10k, callgrind; and a supervisor that has everything may end the worker midway, so it was a race).
        _ = Unmanaged.passRetained(command.outbox)
        return code
    }
}
