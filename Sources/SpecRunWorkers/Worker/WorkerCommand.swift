import Foundation
import Messages
import SharedState
import SpecRunCore

/// `specrun --worker` (hidden): a worker of a supervising specrun. Reads its `WorkerConfiguration` from the first
/// line of stdin, sends the prelude (definitions, testRunStarted, BeforeAll hooks, testCases) and a `ready` line,
/// then runs the test cases the supervisor hands out (`run N`, `runs A B`, `skip N`; it keeps some queued ahead), until `end`
/// (or the end of stdin): AfterAll hooks, testRunFinished, exit. No reports, no summary: the supervisor owns those.
/// A worker that plans file by file (`WorkerConfiguration.plansByFile`) sends the testCases of one file at a time,
/// each lot followed by a `planned` line, and its `ready` line after the last file: worker 0 runs each lot as soon as
/// it is planned, unasked; a worker planning the rest of a run after worker 0 ended plans a file whenever no
/// instruction waits, and as far as the test case it is handed.
package struct WorkerCommand {
    package init(
        libraries: [any StepLibrary.Type], console: any Console, nextLine: @escaping () async -> String?, outbox: WorkerOutbox,
        clock: any RunClock = SystemClock(), limitMemory: @escaping (UInt64) throws -> Void = ProcessControl.limitMemory,
        quietWithoutConfiguration: Bool = false
    ) {
        self.libraries = libraries
        self.console = console
        self.nextLine = nextLine
        self.outbox = outbox
        self.clock = clock
        self.limitMemory = limitMemory
        self.quietWithoutConfiguration = quietWithoutConfiguration
    }

    let libraries: [any StepLibrary.Type]
    let console: any Console
    /// The next line of stdin, without its newline; nil at the end.
    let nextLine: () async -> String?
    package let outbox: WorkerOutbox
    var clock: any RunClock = SystemClock()
    /// Applies `--memory-limit` to this process (injected: a test must not limit its own process).
    var limitMemory: (UInt64) throws -> Void = ProcessControl.limitMemory
    /// Whether an instruction can be read without waiting: a worker planning file by file plans its next file
    /// only while none waits (with none ever waiting, it plans every file before its first scenario).
    package var hasInstruction: () -> Bool = { false }
    /// After each test case's lines went out: an ending signal sent to the process meanwhile acts now, before the
    /// next test case starts (`StepSignals.letProcessSignalAct`; injected: a test must not end its own process).
    package var letProcessSignalAct: @Sendable () -> Void = StepSignals.letProcessSignalAct
    /// A worker made ready before its supervisor knew it needed one: stdin ending before a configuration means
    /// it did not, and the worker exits without a word.
    package var quietWithoutConfiguration = false

    package func run() async -> Int32 {
        let worker: WorkerConfiguration
        let configuration: RunConfiguration
        do {
            guard let line = await nextLine() else {
                if quietWithoutConfiguration { return ExitCode.passed.rawValue }
                throw UsageError(message: "specrun --worker: no configuration on stdin; workers are started by specrun itself")
            }
            worker = try WorkerConfiguration.decode(line)
            if let bytes = worker.memoryLimit { try limitMemory(bytes) }
            configuration = try worker.runConfiguration()
        } catch {
            return console.usageFailure(error)
        }
        // From the start: a BeforeAll hook that never ends is a timeout too, and its start reaches the supervisor.
        outbox.startFlushing()
        outbox.startWatchdog(seconds: worker.timeoutSeconds)
        let ids = Self.definitionIds(worker)
        var runner = SpecRunner(
            libraries: libraries, configuration: configuration, ids: ids,
            clock: clock, environment: console.environment
        )
        .withRunIds(Self.runIds(worker, definitions: ids))
        runner.lateAttachment = { [console] in console.err($0) }
        runner.pendingSignal = { StepSignals.takePending(lastOfCase: $0) }
        let session: RunSession
        var planning: FilePlanning?
        do {
            // Only worker 0's prelude reaches the stream: the others send just their BeforeAll hook runs (every
            // worker makes the very same prelude, and encoding and decoding it again costs CPU the steps need).
            let wholePrelude = worker.number == 0
            // A feature's text is read only by the message report (every other listener reads its document and
            // pickles): without one it is not sent (12 MB to encode and decode again at 50,000 scenarios).
            let sendsSources = worker.messageReport
            // Nor a step's start (the supervisor needs only the start of a step a crash or a timeout ends, and
            // takes it from the end of the one before).
            outbox.sendsStepStarts = worker.messageReport
            // Nor a passed step's own line when no report reads its time (`!P`).
            outbox.collapsesPassedSteps = worker.sendsPassedStepsAsCount
            // Nor the documents when the supervisor makes them itself.
            let sendsDocuments = worker.sendsDocuments
            let emit: (Envelope) -> Void = { envelope in
                if envelope.kind == .source && !sendsSources { return }
                if !sendsDocuments && Self.isDocumentEnvelope(envelope) { return }
                if wholePrelude || Self.isRunHookEnvelope(envelope) { outbox.emit(envelope) }
                // The supervisor puts the documents it makes after the meta: sent at once, so that it makes them
                // while this worker parses the same files, not after.
                if envelope.kind == .meta && !sendsDocuments { outbox.flush() }
            }
            if worker.parsesOnDemand {
                // The supervisor names each test case before handing it out: only those files are parsed.
                session = try await runner.openNamingTestCases(emit: emit)
            } else if worker.plansByFile && runner.mayPlanByFile {
                // (This worker's plan goes out whatever its number: it plans the rest of a run whose planner ended.)
                let opened = try await runner.openPlanningByFile(emit: emit, testCase: { outbox.emit($0) })
                planning = opened
                session = opened.session
            } else {
                session = try await runner.open(
                    emit: emit,
                    testCase: { testCase in
                        if wholePrelude { outbox.emit(testCase) }
                    })
            }
        } catch {
            outbox.flush()
            return console.usageFailure(error)
        }
        // (A worker naming its test cases as they come planned none: the supervisor counts the first worker's.)
        let ready = { [session] in
            outbox.control(
                .ready(
                    testCases: worker.parsesOnDemand ? 0 : session.count, beforeAllPassed: session.beforeAllPassed,
                    keys: worker.wantKeys ? session.keys : nil))
        }
        /// Plans the next file: its testCases and a `planned` line (and `ready` after the last file), sent at once
        /// when `flush` (else with the next test case's lines).
        let planNextFile = { [outbox] (planning: FilePlanning, flush: Bool) in
            let before = planning.count
            planning.planNextFile()
            if planning.count > before { outbox.control(.planned(testCases: planning.count)) }
            if planning.isComplete { ready() }
            if flush { outbox.flush() }
        }
        if planning?.isComplete ?? true {
            ready()
            outbox.flush()
        }
        // The test case running, read by the watchdog thread.
        let current = Locked<Int?>(nil)
        outbox.describe = { [session] id, isRunHook in
            isRunHook ? session.describe(hookId: id) : session.describe(testStepId: id, in: current.value)
        }
        // (Which test case runs, for naming the one whose Thread or Task a crash or exit comes from: WorkOrigin.)
        await WorkOrigin.notePoolThreads()
        let runCase = { [session, outbox, letProcessSignalAct] (index: Int, skip: Bool) async in
            if skip {
                await session.run(index, skip: true, to: outbox)
            } else {
                current.withLock { $0 = index }
                WorkOrigin.caseStarted(index)
                await session.run(index, to: outbox)
                WorkOrigin.caseEnded()
            }
            // Each test case's lines go out as it ends: what a crash of the next cannot take with it.
            outbox.flush()
            // (A SIGTERM that came while a step had stopped this process ends it here, not after the next.)
            letProcessSignalAct()
        }
        if let planning, worker.number == 0 {
            // Worker 0 runs each file's test cases once it has planned them, unasked (the supervisor takes them as
            // handed to it when their `planned` line comes): it never waits for the supervisor meanwhile. A worker
            // planning the rest of a run after worker 0 ended is handed what to run (some of it ran before).
            while !planning.isComplete {
                let first = planning.count
                planNextFile(planning, false)
                for index in first..<planning.count {
                    if WorkerChannels.isForkedCopy { WorkerChannels.endForkedCopy() }
                    await runCase(index, false)
                }
            }
            outbox.flush()
        }
        while true {
            if let planning, !planning.isComplete, !hasInstruction() {
                planNextFile(planning, true)
                continue
            }
            guard let line = await nextLine(), let instruction = WorkerInstruction(line: line), instruction != .end else { break }
            if case .name(let index, let pickleId, let uri) = instruction {
                session.name(index, pickleId: pickleId, uri: uri)
                continue
            }
            for index in instruction.testCaseIndices ?? 0..<0 {
                // A copy of this worker that a step forked and that went on runs nothing more (as reading the next
                // instruction would end it).
                if WorkerChannels.isForkedCopy { WorkerChannels.endForkedCopy() }
                // Handed a test case this worker has not planned yet (one planning the rest of a run is handed
                // those planned before it): its file is planned first.
                while let planning, !session.knows(index), !planning.isComplete { planNextFile(planning, true) }
                guard session.knows(index) else {
                    // Not finding a scenario the supervisor named would leave it waiting for it: this worker ends, and
                    // the supervisor reports the scenario failed with this line and goes on with another worker.
                    outbox.flush()
                    console.err(
                        "specrun --worker: Fatal error: scenario \(index) is not in its feature file as this worker "
                            + "read it (was the file changed during the run?)\n")
                    return ExitCode.usage.rawValue
                }
                guard index < session.count else { continue }
                let skip: Bool
                if case .skip = instruction { skip = true } else { skip = false }
                await runCase(index, skip)
            }
        }
        let summary = await session.finish { outbox.emit($0) }
        outbox.flush()
        return summary.exitCode
    }

    /// A BeforeAll/AfterAll hook's run or one of its attachments: what the supervisor forwards of a prelude other
    /// than worker 0's.
    static func isRunHookEnvelope(_ envelope: Envelope) -> Bool {
        envelope.testRunHookStarted != nil || envelope.testRunHookFinished != nil
            || envelope.attachment?.testRunHookStartedId != nil || envelope.externalAttachment?.testRunHookStartedId != nil
    }

    /// A feature file's source, gherkinDocument or pickle message or a parse error: what
    /// `SpecRunner.emitDocuments` makes.
    static func isDocumentEnvelope(_ envelope: Envelope) -> Bool {
        switch envelope.kind {
        case .source, .gherkinDocument, .pickle, .parseError: return true
        default: return false
        }
    }

    package static func definitionIds(_ worker: WorkerConfiguration) -> any IdGenerator {
        worker.predictableIds ? IncrementingIdGenerator() : SeededIdGenerator(seed: worker.idSeed)
    }

    /// Worker 0 goes on with the definitions' generator (so a one-worker run is the in-process run); the others
    /// make ids of their own, which never collide with worker 0's.
    ///
    /// With predictable ids every id is the next number of one sequence, and worker 0's BeforeAll hook runs take
    /// theirs from it before its test cases are planned: another worker's run ids draw one from that sequence for
    /// each of theirs too (`PrefixedIdGenerator.shadowing`), so that its test cases are numbered as worker 0's —
    /// after a crash, a replacement worker's results name the supervisor's test cases, not their neighbours.
    static func runIds(_ worker: WorkerConfiguration, definitions: any IdGenerator) -> any IdGenerator {
        guard worker.number > 0 else { return definitions }
        if worker.predictableIds { return PrefixedIdGenerator(prefix: "w\(worker.number)-", shadowing: definitions) }
        return SeededIdGenerator(seed: worker.idSeed ^ (0x9E37_79B9_7F4A_7C15 &* UInt64(worker.number)))
    }
}

/// "w1-0", "w1-1", …: predictable ids of a worker other than the first.
/// Each id drawn also draws one from `shadowing` (when given), to keep that sequence where worker 0's is.
final class PrefixedIdGenerator: IdGenerator {
    private let prefix: String
    private let counter = IncrementingIdGenerator()
    private let shadowing: (any IdGenerator)?

    init(prefix: String, shadowing: (any IdGenerator)? = nil) {
        self.prefix = prefix
        self.shadowing = shadowing
    }

    func newId() -> String {
        _ = shadowing?.newId()
        return prefix + counter.newId()
    }
}
