import Foundation
import Gherkin
import Messages
import Requirements
import SpecRunCore
import SpecRunEditor
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers
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
        if options.watchSaid.isEmpty { for warning in options.idleOptionWarnings { console.err(warning) } }
        let prepared: Prepared
        do {
            prepared = try prepare()
        } catch {
            return console.usageFailure(error)
        }
        let listeners = listen(to: prepared)
        defer { listeners.pipeline.drain() }
        let ticker = Self.progressTicker(listeners.progress)
        let ending: Ending
        if let launcher, prepared.isolated {
            ending = await runSupervised(prepared, listeners, launcher: launcher)
        } else {
            ending = await runInProcess(prepared, listeners)
        }
        ticker?.stop()
        listeners.progress?.finish()
        // Removed once the reports are in place (or the run ends early): only a killed run leaves it.
        defer { ending.journal?.discard() }
        if let code = ending.earlyExit { return code }
        var code = close(prepared, listeners, interrupted: ending.interrupted)
        let late = Self.exitCode(code, interrupted: ending.interrupted, lateSignal: launcher?.interrupts?.received)
        if let note = late.note {
            console.err(note)
            return late.code
        }
        if ending.interrupted == nil { await printUndefinedStepsLibrary(prepared, seen: listeners.undefinedSteps) }
        if ending.interrupted == nil { code = wipVerdict(listeners.passedScenarios, code: code) }
        return code
    }

    /// What a run is, read from the options before anything runs: every mistake in them is found here.
    struct Prepared {
        let worker: WorkerConfiguration
        let configuration: RunConfiguration
        let reports: Reports
        let serial: TagExpression?
        let requirements: RequirementsSet?
        /// In worker processes (the default), not in this one (`--no-isolation`, `--dry-run`).
        let isolated: Bool
    }

    /// The listeners of the run's one stream and the way to them: the parse-error printer, the exit status and
    /// the reports, behind the requirements' attachment, on one pipeline.
    struct Listeners {
        let reports: Reports
        let status: ExitStatus
        let pipeline: ListenerPipeline
        /// Whether a step was undefined (for the step library printed at the end).
        let undefinedSteps: UndefinedSteps
        /// The scenarios that passed (for `--wip`).
        let passedScenarios: PassedScenarios
        /// The live progress line on a terminal (nil: none).
        let progress: LiveProgress?
        /// Hands an envelope of the run to the listeners (a step's start only when one of them reads it).
        let send: @Sendable (Envelope) -> Void
        /// Whether the run in this process is made file by file (`SpecRunner.plansFileByFile`): no report writes the
        /// stream's order, no live line counts the test cases planned (and the run's configuration allows it).
        let fileByFile: Bool
        /// Whether the run may be made file by file, in this process or in a worker (`fileByFile` but isolated too).
        let mayGoFileByFile: Bool
    }

    /// How the run's source ended.
    struct Ending {
        /// The code to exit with at once, without the closing notes (a usage error, a worker that could not start).
        var earlyExit: Int32?
        /// The signal that interrupted the run.
        var interrupted: Int32?
        var journal: MessageJournal?
    }

    private func prepare() throws -> Prepared {
        let folder = RequirementsSource.folder(
            given: options.requirements, disabled: options.noRequirements, exists: RequirementsSource.isFolder)
        // A signal while the story documents are read ends the run at once (as one before any scenario ran): the
        // run goes on without them, and stops as soon as it starts.
        let requirements =
            if let folder, let interrupts = launcher?.interrupts {
                try interrupts.unlessInterrupted { try RequirementsSource.read(folder) }
            } else {
                try folder.map(RequirementsSource.read)
            }
        let worker = try makeWorkerConfiguration()
        let configuration = try worker.runConfiguration()
        let serial = try Self.serialExpression(options.serialTags)
        let isolated = launcher != nil && options.isolation && !options.dryRun
        // In this process, what steps print goes to stderr, and the reports get stdout to themselves.
        let reportOutput = !isolated && !options.dryRun && !options.worker ? console.separateStepOutput() : STDOUT_FILENO
        let reports = try Reports(
            requests: Self.consoleFormats(options.formats),
            colors: console.wantsColor(options.color ?? options.formatOptions.colors), console: console,
            listParseErrors: false, formatOptions: options.formatOptions, sharedAtSource: true,
            standardOutput: reportOutput)
        return Prepared(
            worker: worker, configuration: configuration, reports: reports, serial: serial,
            requirements: requirements, isolated: isolated)
    }

    private func listen(to prepared: Prepared) -> Listeners {
        // Each once (a story document of the requirements folder run as Gherkin too has its warnings from both), and
        // none in the second run of one rerun of `watch` (its first run said them).
        var warnings: [ReaderWarning] = []
        for warning in (prepared.requirements?.warnings ?? []) + DocumentSources.translate(prepared.configuration.paths).warnings
        where !warnings.contains(warning) {
            warnings.append(warning)
        }
        for warning in warnings where options.watchSaid.isEmpty { console.err("\(warning)\n") }
        let parseErrors = ParseErrorPrinter(console: console, saidFor: options.watchSaid)
        let status = ExitStatus(gate: options.gate ? ReleaseGateFold.exitGate() : nil)
        let reports = prepared.reports
        let undefinedSteps = UndefinedSteps()
        let passedScenarios = PassedScenarios()
        let wip = options.wip
        let injection = RequirementsInjection(body: prepared.requirements.map { RequirementsScope.body($0, paths: options.paths) })
        let progress = makeProgress()
        let listen: (Envelope) -> Void = { envelope in
            injection.deliver(envelope) { envelope in
                parseErrors.handle(envelope)
                status.handle(envelope)
                reports.handle(envelope)
                undefinedSteps.handle(envelope)
                if wip { passedScenarios.handle(envelope) }
                progress?.handle(envelope)
            }
        }
        _ = ReportFileMode.startUmask  // read now, before any step can change it
        let mayGoFileByFile = SpecRunner.runsFileByFile(
            asked: !reports.needs.messageStream && progress == nil, configuration: prepared.configuration,
            idsDeriveParts: !options.predictableIds)
        let fileByFile = !prepared.isolated && mayGoFileByFile
        // Worker envelopes go back to be freed by the threads that decoded them; a run made file by file frees
        // them on its runner's thread between its test cases (`SpecRunner.betweenTestCases`), and the feature files'
        // messages on the thread that parsed them (`DecodedEnvelopeReturns.freeDocuments(more:)`).
        let pipeline = ListenerPipeline(
            returns: prepared.isolated || fileByFile ? DecodedEnvelopeReturns.shared : nil,
            flushedByTimer: !prepared.isolated,
            around: { [console] body in
                guard let progress else { return console.holdingOutput(body) }
                // The live line erased before the batch's text and drawn after it, in the same write.
                console.holdingOutput { progress.around(output: { console.out($0) }, body) }
                progress.batchWritten()
            },
            checkpoint: { reports.checkpoint() }, listen: listen)
        // What no listener reads is not handed over (a step start per step of the run).
        let readsStepStarts = reports.readsStepStarts
        let send: @Sendable (Envelope) -> Void = { envelope in
            if readsStepStarts || !envelope.isTestStepStarted { pipeline.send(envelope) }
        }
        return Listeners(
            reports: reports, status: status, pipeline: pipeline, undefinedSteps: undefinedSteps, passedScenarios: passedScenarios,
            progress: progress, send: send, fileByFile: fileByFile, mayGoFileByFile: mayGoFileByFile)
    }

    /// The run as a typed value, the same for this process and every worker: a random order resolved to its
    /// seed, the ids' seed chosen, the shard's timings read.
    func makeWorkerConfiguration() throws -> WorkerConfiguration {
        let tags =
            options.tags.isEmpty
            ? nil
            : options.tags.count == 1 ? options.tags[0] : options.tags.map { "(\($0))" }.joined(separator: " and ")
        var order = options.order
        if order == "random" { order = "random:\(randomSeed())" }
        var worker = WorkerConfiguration(
            paths: options.paths.isEmpty ? ["Features"] : options.paths, tags: tags,
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
        worker.messageReport = options.formats.listenerNeeds.messageStream
        worker.collapsesPassedSteps = !options.formats.listenerNeeds.passedStepTimes
        worker.worldParameters = options.worldParameters
        worker.retryTagFilter = options.retryTagFilter
        worker.tagTimeouts = options.tagTimeouts
        worker.memoryLimit = options.memoryLimit
        worker.snippetInterface = options.formatOptions.snippetInterface ?? .synchronous
        return worker
    }

    /// The `message` report's file, as `Reports` resolves it (none on stdout).
    static func messageReportPath(_ formats: [FormatRequest]) -> String? {
        formats.first { $0.format == .message && $0.custom == nil && $0.path != nil }?.path.map(Reports.absolute)
    }

    /// `pretty` when no format is asked for; and when every format writes to a file, the summary still goes to the
    /// console (as cucumber-js), so a run is never silent. A format whose path is stdout (`/dev/stdout`,
    /// `/dev/fd/1`, `/proc/self/fd/1`) counts as on stdout: no summary after its stream, as without a path.
    static func consoleFormats(_ formats: [FormatRequest]) -> [FormatRequest] {
        if formats.isEmpty { return [FormatRequest(format: .pretty, path: nil)] }
        if !formats.contains(where: \.writesToStdout) { return formats + [FormatRequest(format: .summary, path: nil)] }
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

    static func describeSelection(_ configuration: RunConfiguration) -> String {
        var parts = ["paths: " + configuration.paths.joined(separator: " ")]
        if let tags = configuration.tags { parts.append("--tags '\(tags)'") }
        parts += configuration.names.map { "--name '\($0)'" }
        return parts.joined(separator: ", ")
    }
}
