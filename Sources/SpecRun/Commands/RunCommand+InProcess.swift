import Messages
import SpecRunCore
import SpecRunWorkers

extension RunCommand {
    /// The run in this process (`--no-isolation`, `--dry-run`), one scenario at a time.
    func runInProcess(_ prepared: Prepared, _ listeners: Listeners) async -> Ending {
        let pipeline = listeners.pipeline
        let send = listeners.send
        if options.parallel > 1 {
            console.err(
                "specrun: --parallel \(options.parallel) needs worker processes; \(options.dryRun ? "--dry-run" : "--no-isolation") runs in this process, one scenario at a time\n"
            )
        }
        let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : RandomIdGenerator()
        var runner = SpecRunner(
            libraries: libraries, configuration: prepared.configuration, ids: ids, clock: clock,
            environment: console.environment)
        runner.lateAttachment = { [console] in console.err($0) }
        // What was sent is handed to the reports and written out every 50 ms, whatever the step does: a SIGKILL
        // leaves the finished scenarios on disk, and the start of the running one (as with workers).
        let ticker = Ticker(every: 0.05) { [pipeline] in
            pipeline.flushFromAnyThread()
            pipeline.checkpointListeners()
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
            return Ending(earlyExit: console.usageFailure(error))
        }
        return Ending()
    }
}
