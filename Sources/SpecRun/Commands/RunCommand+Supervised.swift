import Foundation
import Messages
import SpecRunCore
import SpecRunReportCore
import SpecRunReports
import SpecRunWorkers

extension RunCommand {
    /// The run in worker processes (the default): a crashing or hanging step fails only its scenario.
    func runSupervised(_ prepared: Prepared, _ listeners: Listeners, launcher: any WorkerLauncher) async -> Ending {
        let worker = prepared.worker
        let pipeline = listeners.pipeline
        // With several workers, those other than the first parse only the files they run (not with predictable
        // ids; one worker parses them all anyway, and so does one restarted after a crash).
        let namesTestCases = options.parallel > 1 && !worker.predictableIds
        let workerCount = workerCount()
        // One worker plans and runs file by file (its first scenario runs once its first file is planned); with
        // several, the plan comes whole, to be shared out (and ordered by timings).
        let plansByFile = workerCount == 1 && listeners.mayGoFileByFile
        let settings = Supervisor.Settings(
            workers: workerCount, failFast: options.failFast, strict: options.strict,
            serial: prepared.serial, timings: worker.shard?.timings ?? [:],
            timeoutSeconds: options.timeout, memoryLimit: options.memoryLimit,
            namesTestCases: namesTestCases, plansWithSentSteps: listeners.reports.indexKeepsTestStepsAsSent,
            passedStepsAsCount: worker.sendsPassedStepsAsCount, plansByFile: plansByFile)
        if worker.sendsPassedStepsAsCount { listeners.reports.leavesStepsUnsaid(.passed) }
        // The feature files' messages are made here, beside worker 0 (which parses them too, to run them),
        // with the workers' id seed: the same messages, not written as JSON by it and read back here.
        var workers = worker
        workers.sendsDocuments = false
        workers.namesTestCases = namesTestCases
        workers.plansByFile = plansByFile
        let documentRunner = SpecRunner(
            libraries: libraries, configuration: prepared.configuration,
            ids: WorkerCommand.definitionIds(worker), environment: console.environment)
        let sources = worker.messageReport
        var pool = WorkerPool(configuration: workers, settings: settings, launcher: launcher, console: console, now: now)
        // Not with the features' sources (a message report): made on a thread of their own, they took 7–30 MiB more
        // of the supervisor's peak at c50k (that thread's malloc arena) and no wall time; without them, 5 % of it.
        pool.makesDocumentsAhead = !sources
        if plansByFile, let cursor = try? documentRunner.documentCursor(sources: sources) {
            // (Ctrl-C meanwhile: the files not reached yet are not made, as `documents` does.) The files' messages
            // handed back are freed here, on the thread that made them, as long as it makes more.
            pool.documentFiles = {
                let file = InterruptForwarder.shared.received == nil ? cursor.nextFile() : nil
                DecodedEnvelopeReturns.shared.freeDocuments(more: file != nil)
                return file
            }
        }
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
        let journal = workerCount > 1 ? Self.messageReportPath(options.formats).flatMap { MessageJournal(reportPath: $0) } : nil
        pool.journal = journal.map { journal in { journal.write($0) } }
        let outcome = await pool.run(
            emit: listeners.send,
            pause: {
                pipeline.flush()
                pipeline.checkpoint()
                journal?.flushIfDue()
            })
        pipeline.drain()
        // (Said even when the run ends here: the first worker that could not start ends it, with no other word.)
        if let reason = outcome.couldNotStart {
            console.err(
                "\(ProgramName.current): could not start a worker process (\(reason)); run with --no-isolation to run in this process\n")
        }
        if let code = outcome.abortedWith { return Ending(earlyExit: code, journal: journal) }
        if outcome.interruptedBy != nil {
            console.err("\(ProgramName.current): the run was interrupted; the reports hold the results so far\n")
        }
        if outcome.crashes > 0 {
            console.err(
                "\(ProgramName.current): \(outcome.crashes) crash(es) of a worker process; each crashed scenario is reported failed\n")
        }
        if outcome.timeouts > 0 {
            console.err(
                "\(ProgramName.current): \(outcome.timeouts) step(s) timed out (after \(CrashWording.seconds(options.timeout)) s, or the scoped limit each names); each is reported failed\n"
            )
        }
        return Ending(interrupted: outcome.interruptedBy, journal: journal)
    }

    /// `-j N` as this machine allows it (said on stderr when fewer).
    private func workerCount() -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var workerCount = Self.workerCount(options.parallel, cores: cores)
        if workerCount < options.parallel {
            console.err(
                "\(ProgramName.current): -j \(options.parallel) is more than \(Self.workersPerCore) worker processes a core "
                    + "(\(cores) cores here): running \(workerCount)\n")
        }
        if let openFiles = ProcessControl.openFileLimit(), Self.workerCount(openFiles: openFiles) < workerCount {
            // Past the limit, the runtime itself gives up (Foundation traps when it cannot make a descriptor).
            console.err(
                "\(ProgramName.current): -j \(workerCount) needs more open files than the limit of \(openFiles) (ulimit -n): "
                    + "running \(Self.workerCount(openFiles: openFiles))\n")
            workerCount = Self.workerCount(openFiles: openFiles)
        }
        return workerCount
    }
}
