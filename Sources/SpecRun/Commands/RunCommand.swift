import Foundation
import Gherkin
import Messages
import Requirements
import SpecRunCore
import SpecRunReports
import TagExpressions

/// `specrun [PATH…] [options]`: one stream of envelopes from one source — this process (`--no-isolation`,
/// `--dry-run`) or worker processes (the default: crash-isolated, `--parallel N` of them) — heard by the same
/// listeners: the reports, the parse-error printer and the exit status.
struct RunCommand {
    let options: RunOptions
    let libraries: [any StepLibrary.Type]
    let console: any Console
    var launcher: (any WorkerLauncher)?
    var clock: any RunClock = SystemClock()
    var now: @Sendable () -> Date = { Date() }
    var randomSeed: @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64(UInt32.max)) }
    var idSeed: @Sendable () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }

    func run() async -> Int32 {
        if options.parallel != 1 && !options.isolation && !options.worker {
            console.err("specrun: --no-isolation runs every scenario in this process, one at a time: -j/--parallel "
                + "needs worker processes (drop one of the two)\n")
        }
        let worker: WorkerConfiguration
        let configuration: RunConfiguration
        let reports: Reports
        let serial: TagExpression?
        let requirements: RequirementsSet?
        let isolated = launcher != nil && options.isolation && !options.dryRun
        let reportOutput = !isolated && !options.dryRun && !options.worker ? console.separateStepOutput() : STDOUT_FILENO
        do {
            requirements = try RequirementsSource.folder(given: options.requirements, disabled: options.noRequirements,
                                                         exists: RequirementsSource.isFolder).map(RequirementsSource.read)
            worker = try makeWorkerConfiguration()
            configuration = try worker.runConfiguration()
            serial = try Self.serialExpression(options.serialTags)
            reports = try Reports(requests: Self.consoleFormats(options.formats),
                                  colors: console.wantsColor(options.color ?? options.formatOptions.colors), console: console, listParseErrors: false,
                                  formatOptions: options.formatOptions, sharedAtSource: true, standardOutput: reportOutput)
        } catch {
            return SpecRunCLI.usageFailure(error, console: console)
        }
        for warning in (requirements?.warnings ?? []) + DocumentSources.translate(configuration.paths).warnings {
            console.err("\(warning)\n")
        }
        let parseErrors = ParseErrorPrinter(console: console)
        let status = ExitStatus()
        let injection = RequirementsInjection(body: requirements.map { RequirementsScope.body($0, paths: options.paths) })
        let listen: (Envelope) -> Void = { envelope in
            injection.deliver(envelope) { envelope in
                parseErrors.handle(envelope)
                status.handle(envelope)
                reports.handle(envelope)
            }
        }
        _ = ReportFileMode.startUmask   // read now, before any step can change it
        // Worker envelopes go back to be freed by the threads that decoded them.
        let pipeline = ListenerPipeline(returns: isolated ? DecodedEnvelopeReturns.shared : nil, flushedByTimer: !isolated,
                                        around: { [console] in console.holdingOutput($0) }, listen: listen)
        defer { pipeline.drain() }
        // What no listener reads is not handed over (a step start per step of the run).
        let readsStepStarts = reports.readsStepStarts
        let send: (Envelope) -> Void = { envelope in
            if readsStepStarts || !envelope.isTestStepStarted { pipeline.send(envelope) }
        }
        var interrupted: Int32?
        // Removed once the reports are in place (or the run ends early): only a killed run leaves it.
        var journal: MessageJournal?
        defer { journal?.discard() }
        if let launcher, isolated {
            // With several workers, those other than the first parse only the files they run (not with predictable
            // ids; one worker parses them all anyway, and so does one restarted after a crash).
            let namesTestCases = options.parallel > 1 && !worker.predictableIds
            let cores = ProcessInfo.processInfo.activeProcessorCount
            var workerCount = Self.workerCount(options.parallel, cores: cores)
            if workerCount < options.parallel {
                console.err("specrun: -j \(options.parallel) is more than \(Self.workersPerCore) worker processes a core "
                    + "(\(cores) cores here): running \(workerCount)\n")
            }
            if let openFiles = ProcessControl.openFileLimit(), Self.workerCount(openFiles: openFiles) < workerCount {
                // Past the limit, the runtime itself gives up (Foundation traps when it cannot make a descriptor).
                console.err("specrun: -j \(workerCount) needs more open files than the limit of \(openFiles) (ulimit -n): "
                    + "running \(Self.workerCount(openFiles: openFiles))\n")
                workerCount = Self.workerCount(openFiles: openFiles)
            }
            let settings = Supervisor.Settings(workers: workerCount, failFast: options.failFast, strict: options.strict,
                                               serial: serial, timings: worker.shard?.timings ?? [:],
                                               timeoutSeconds: options.timeout, memoryLimit: options.memoryLimit,
                                               namesTestCases: namesTestCases)
            // The feature files' messages are made here, beside worker 0 (which parses them too, to run them),
            // with the workers' id seed: the same messages, not written as JSON by it and read back here.
            var workers = worker
            workers.sendsDocuments = false
            workers.namesTestCases = namesTestCases
            let documentRunner = SpecRunner(libraries: libraries, configuration: configuration,
                                            ids: WorkerCommand.definitionIds(worker), environment: console.environment)
            let sources = worker.messageReport
            var pool = WorkerPool(configuration: workers, settings: settings, launcher: launcher, console: console, now: now)
            pool.documents = { emit in
                var count = 0
                // Ctrl-C meanwhile: the supervisor hears it once these are made, so the rest are not made.
                try? documentRunner.emitDocuments(sources: sources, goOn: { InterruptForwarder.shared.received == nil }) { envelope in
                    emit(envelope)
                    // The listeners hand the batches they heard back to the reading threads to free, which wait
                    // for the worker meanwhile: freed here, the prelude does not pile up.
                    count += 1
                    if count % 256 == 0 { DecodedEnvelopeReturns.shared.free() }
                }
            }
            // Each pause (at least every tick of the supervisor, 0.1 s) hands over what was sent and, every 50 ms at
            // most, has the message stream written out: a run killed with SIGKILL leaves it on disk.
            // With several workers the stream keeps the planned order, so a scenario that ends before an earlier one
            // waits in memory: the journal beside the message report has it on disk meanwhile (removed at the end).
            let made = workerCount > 1 ? Self.messageReportPath(options.formats).flatMap { MessageJournal(reportPath: $0) } : nil
            journal = made
            pool.journal = made.map { made in { made.write($0) } }
            let outcome = await pool.run(emit: send, pause: {
                pipeline.flush()
                pipeline.checkpoint(reports.checkpoint)
                made?.flushIfDue()
            })
            pipeline.drain()
            // (Said even when the run ends here: the first worker that could not start ends it, with no other word.)
            if let reason = outcome.couldNotStart {
                console.err("specrun: could not start a worker process (\(reason)); run with --no-isolation to run in this process\n")
            }
            if let code = outcome.abortedWith { return code }
            interrupted = outcome.interruptedBy
            if interrupted != nil { console.err("specrun: the run was interrupted; the reports hold the results so far\n") }
            if outcome.crashes > 0 {
                console.err("specrun: \(outcome.crashes) crash(es) of a worker process; each crashed scenario is reported failed\n")
            }
            if outcome.timeouts > 0 {
                console.err("specrun: \(outcome.timeouts) step(s) timed out (after \(Self.seconds(options.timeout)) s, or the scoped limit each names); each is reported failed\n")
            }
        } else {
            if options.parallel > 1 {
                console.err("specrun: --parallel \(options.parallel) needs worker processes; \(options.dryRun ? "--dry-run" : "--no-isolation") runs in this process, one scenario at a time\n")
            }
            let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : RandomIdGenerator()
            var runner = SpecRunner(libraries: libraries, configuration: configuration, ids: ids, clock: clock,
                                    environment: console.environment)
            nonisolated(unsafe) let errors = console  // (its `err` writes with write(2), from any thread)
            runner.lateAttachment = { errors.err($0) }
            // What was sent is handed to the reports and written out every 50 ms, whatever the step does: a SIGKILL
            // leaves the finished scenarios on disk, and the start of the running one (as with workers).
            nonisolated(unsafe) let checkpoint = reports.checkpoint
            let ticker = Ticker(every: 0.05) { [pipeline] in
                pipeline.flushFromAnyThread()
                pipeline.checkpointListeners(checkpoint)
            }
            defer { ticker.stop() }
            do {
                _ = try await runner.run { envelope in
                    send(envelope)
                    if envelope.testCaseFinished != nil { pipeline.flush() }  // the console stays live
                }
                // The timer's last checkpoint, if one was on its way, is heard before the reports finish (it once
                // wrote the stream's tail a second time beside `finish`: two testRunFinished).
                ticker.stop()
                pipeline.drain()
            } catch {
                return SpecRunCLI.usageFailure(error, console: console)
            }
        }
        let written = reports.finish()
        if case .random(let seed?) = configuration.order, options.order == "random" {
            console.err("Randomized with seed \(seed): replay this order with --order random:\(seed)\n")
        }
        // (A run that failed before its test cases were planned — a BeforeAll hook that failed or timed out — did not
        // find nothing: it says why it failed instead.)
        let foundNothing = status.nothingSelected && !status.unparsableFiles && interrupted == nil && status.code != .failed
        if foundNothing, let shard = options.shard {
            // A CI matrix with more shards than scenarios: an empty shard is not a failure.
            console.err("specrun: shard \(shard.index)/\(shard.count) has no scenario (\(Self.describeSelection(configuration)))\n")
            return written ? ExitCode.passed.rawValue : ExitCode.usage.rawValue
        }
        if foundNothing {
            console.err("specrun: no scenario matched the paths and filters (\(Self.describeSelection(configuration)))\n")
        }
        if status.unparsableFiles {
            console.err("specrun: some feature file(s) could not be parsed; the others ran\n")
        }
        if let interrupted { return 128 + interrupted }
        return written ? status.code.rawValue : ExitCode.usage.rawValue
    }

    /// The run as a typed value, the same for this process and every worker: a random order resolved to its
    /// seed, the ids' seed chosen, the shard's timings read.
    func makeWorkerConfiguration() throws -> WorkerConfiguration {
        let tags = options.tags.isEmpty ? nil
            : options.tags.count == 1 ? options.tags[0] : options.tags.map { "(\($0))" }.joined(separator: " and ")
        var order = options.order
        if order == "random" { order = "random:\(randomSeed())" }
        var worker = WorkerConfiguration(paths: options.paths.isEmpty ? ["Features"] : options.paths, tags: tags,
                                         names: options.names, dryRun: options.dryRun, failFast: options.failFast,
                                         strict: options.strict, order: order, retry: options.retry,
                                         predictableIds: options.predictableIds, idSeed: idSeed(),
                                         timeoutSeconds: options.timeout)
        let timings = try options.shardTimings.map(Timings.read) ?? [:]
        if let shard = options.shard {
            worker.shard = .init(index: shard.index, count: shard.count, timings: timings)
        } else if !timings.isEmpty {
            worker.shard = .init(index: 1, count: 1, timings: timings)
        }
        worker.wantKeys = !timings.isEmpty
        worker.messageReport = options.formats.contains { $0.name == ReportFormat.message.rawValue }
        worker.worldParameters = options.worldParameters
        worker.retryTagFilter = options.retryTagFilter
        worker.tagTimeouts = options.tagTimeouts
        worker.memoryLimit = options.memoryLimit
        worker.snippetInterface = options.formatOptions.snippetInterface ?? .synchronous
        return worker
    }

    /// The `message` report's file, as `Reports` resolves it (none on stdout).
    static func messageReportPath(_ formats: [FormatRequest]) -> String? {
        formats.first { $0.name == ReportFormat.message.rawValue && $0.path != nil }?.path.map(Reports.absolute)
    }

    /// `pretty` when no format is asked for; and when every format writes to a file, the summary still goes to the
    /// console (as cucumber-js), so a run is never silent. A format whose path is stdout (`/dev/stdout`,
    /// `/dev/fd/1`, `/proc/self/fd/1`) counts as on stdout: no summary after its stream, as without a path.
    static func consoleFormats(_ formats: [FormatRequest]) -> [FormatRequest] {
        if formats.isEmpty { return [FormatRequest(name: "pretty", path: nil)] }
        if !formats.contains(where: \.writesToStdout) { return formats + [FormatRequest(name: "summary", path: nil)] }
        return formats
    }

    static func serialExpression(_ text: String) throws -> TagExpression? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do { return try TagExpression.parse(text) } catch {
            throw UsageError(message: "--serial-tags: '\(text)' is not a tag expression: \(error)")
        }
    }

    /// At most this many workers a core (at least 8 in all): more only wait for each other, and thousands of
    /// processes (each with two reading threads here) exhaust the machine before the first scenario runs.
    static let workersPerCore = 4

    static func workerCount(_ asked: Int, cores: Int) -> Int {
        min(max(1, asked), max(8, workersPerCore * max(1, cores)))
    }

    /// The workers an open-file limit allows: each costs the supervisor about 8 descriptors (its three pipes, and
    /// their other ends while it starts), and the process and its reports need about 24 of their own.
    /// Below 256, Foundation's `Process` cannot start an exec'd worker at all (EBADF): only the first, forked one.
    static func workerCount(openFiles: Int) -> Int { openFiles < 256 ? 1 : max(1, (openFiles - 24) / 8) }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func describeSelection(_ configuration: RunConfiguration) -> String {
        var parts = ["paths: " + configuration.paths.joined(separator: " ")]
        if let tags = configuration.tags { parts.append("--tags '\(tags)'") }
        parts += configuration.names.map { "--name '\($0)'" }
        return parts.joined(separator: ", ")
    }
}

/// Prints each parse error as `path:line:column: message` on stderr, as compilers do, so editors can jump to it;
/// and a warning, the same way, for each Scenario Outline without Examples.
final class ParseErrorPrinter {
    private let console: any Console

    init(console: any Console) { self.console = console }

    func handle(_ envelope: Envelope) {
        switch envelope.kind {
        case .gherkinDocument, .parseError: break
        default: return
        }
        envelope.withGherkinDocument { document in
            for line in InvalidTimeoutTags.lines(in: document) { console.err(line + "\n") }
            for finding in StepsReadAsDescription.findings(in: document) {
                console.err("\(document.uri ?? "<unknown>"):\(finding.location.line):\(finding.location.column ?? 0): "
                    + "warning: \(finding.message)\n")
            }
            for outline in document.outlinesWithoutExamples {
                console.err("\(document.uri ?? "<unknown>"):\(outline.location.line):\(outline.location.column ?? 0): "
                    + "\(outline.keyword) '\(outline.name)' has no Examples, so it runs once with its <placeholders> as written "
                    + "(add an Examples: table, or make it a Scenario)\n")
            }
        }
        guard let error = envelope.parseError else { return }
        let uri = error.source.uri ?? "<unknown>"
        guard error.source.location != nil else {
            // No place in the file to point at (it could not be read): the path once.
            console.err(error.message.hasPrefix(uri) ? "\(error.message)\n" : "\(uri): \(error.message)\n")
            return
        }
        let line = error.source.location?.line ?? 0
        let column = error.source.location?.column ?? 0
        let prefix = "(\(line):\(column)): "
        let message = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        console.err("\(uri):\(line):\(column): \(ParseErrorText.humanize(message))\n")
    }
}
