import Foundation
import Messages
import SharedState
import SpecRunCore
import SpecRunWorkers

extension RunCommand {
    /// The run in this process (`--no-isolation`, `--dry-run`), one scenario at a time.
    ///
    /// A signal that ends a run (`InterruptForwarder.endingSignals`: Ctrl-C, SIGTERM, SIGHUP, …) stops it after the
    /// running step (the rest of that scenario skipped, no other started) and ends it with its reports, marked
    /// interrupted, exit status 128 + the signal; a second one ends it at once (a step that hangs), with its reports.
    /// A step that calls `exit` ends it at once too, with its reports, failed (`StepExit`).
    func runInProcess(_ prepared: Prepared, _ listeners: Listeners) async -> Ending {
        let pipeline = listeners.pipeline
        // One testRunFinished, whichever road makes it first (`OneRunEnd`).
        let runEnd = Locked(OneRunEnd())
        let send: @Sendable (Envelope) -> Void = { [send = listeners.send] envelope in
            if runEnd.withLock({ $0.admit(envelope) }) { send(envelope) }
        }
        let ids: any IdGenerator = options.predictableIds ? IncrementingIdGenerator() : RandomIdGenerator()
        var runner = SpecRunner(
            libraries: libraries, configuration: prepared.configuration, ids: ids, clock: clock,
            environment: console.environment)
        runner.lateAttachment = { [console] in console.err($0) }
        runner.pendingSignal = { StepSignals.takePending(lastOfCase: $0) }
        StepSignals.stepsRunHere(true)
        defer { StepSignals.stepsRunHere(false) }
        // (`send` would drop them: not made.)
        runner.sendsStepStarts = listeners.reports.readsStepStarts
        // A dry run's skipped steps in a row said by their last, when no report reads more of a skipped step than
        // its status (the index fills the others: `RunIndex.stepsUnsaid`).
        if !listeners.reports.needs.passedStepTimes {
            runner.collapsesSkippedSteps = true
            listeners.reports.leavesStepsUnsaid(.skipped)
        }
        // Each file planned and run before the next is parsed, unless a report writes the stream in its own order
        // (every testCase first) or a live line counts the test cases planned; what the reports handed back is
        // freed between test cases.
        runner.plansFileByFile = listeners.fileByFile
        if listeners.fileByFile {
            runner.betweenTestCases = { DecodedEnvelopeReturns.shared.free() }
            // The files' messages freed by the parse thread, which made them, as long as it parses.
            runner.onParseThread = { done in DecodedEnvelopeReturns.shared.freeDocuments(more: !done) }
        }
        // (The process exits after the reports, as `Reports.finish` assumes too.)
        runner.keepsRunUntilExit = true
        // The first signal that ends a run, and the run's id (for a testRunFinished made here).
        let interrupts = launcher?.interrupts
        let stop = Locked<(signal: Int32?, runId: String?)>((interrupts?.received, nil))
        // (A signal on its way, not heard yet, is waited for: no scenario starts after it.)
        runner.stopRequested = { StepSignals.heardSignal { stop.withLock { $0.signal != nil } } }
        let (ends, ended) = AsyncStream.makeStream(of: InProcessEnd.self)
        interrupts?.listen { signal, count in
            stop.withLock { if $0.signal == nil { $0.signal = signal } }
            if count >= 2 { ended.yield(.atOnce) }
        }
        defer { interrupts?.listen { _, _ in } }
        StepExit.watch { ended.yield(.stepExited) }
        defer { StepExit.unwatch() }
        // What was sent is handed to the reports and written out every 50 ms, whatever the step does: a SIGKILL
        // leaves the finished scenarios on disk, and the start of the running one (as with workers).
        let ticker = Ticker(every: 0.05) { [pipeline] in
            pipeline.flushFromAnyThread()
            pipeline.checkpointListeners()
        }
        defer { ticker.stop() }
        // (In a task of its own: a second signal ends the run while a step hangs in it.)
        let run = Task.detached { [runner] in
            do {
                // When the reports last had a finished scenario handed to them (monotonic ns).
                var handedAt: UInt64 = 0
                _ = try await runner.run { envelope in
                    // (By its kind first: the accessors copy the message out, for every envelope of the run.)
                    let kind = envelope.kind
                    if kind == .testRunStarted, let started = envelope.testRunStarted { stop.withLock { $0.runId = started.id } }
                    if kind == .testRunFinished, let finished = envelope.testRunFinished, let signal = stop.withLock({ $0.signal }) {
                        send(Envelope(testRunFinished: Self.interrupted(finished, by: signal)))
                    } else {
                        send(envelope)
                    }
                    // The console stays live: a finished scenario goes to the reports at once, unless one went
                    // less than `handOverInterval` ago (then its batch fills, and the timer hands over the rest).
                    // One hand-over per scenario made a run of fast ones wait on the reports' thread at each.
                    if kind == .testCaseFinished {
                        let now = DispatchTime.now().uptimeNanoseconds
                        if now &- handedAt >= Self.handOverInterval {
                            pipeline.flush()
                            handedAt = now
                        }
                    }
                }
                ended.yield(.ran)
            } catch {
                ended.yield(.failed(error))
            }
        }
        var end = InProcessEnd.ran
        for await first in ends {
            end = first
            break
        }
        // The timer's last checkpoint, if one was on its way, is heard before the reports finish (it once
        // wrote the stream's tail a second time beside `finish`: two testRunFinished).
        ticker.stop()
        let (signal, runId) = stop.withLock { ($0.signal, $0.runId) }
        switch end {
        case .failed(let error):
            pipeline.drain()
            return Ending(earlyExit: console.usageFailure(error))
        case .atOnce:
            run.cancel()
            let now = Timestamp(date: Date())
            let finished = TestRunFinished(success: false, timestamp: now, testRunStartedId: runId)
            send(Envelope(testRunFinished: Self.interrupted(finished, by: signal ?? SIGINT)))
            pipeline.drain()
        case .stepExited:
            let finished = TestRunFinished(
                message: Self.stepExitedMessage, success: false, timestamp: Timestamp(date: Date()),
                exception: Exception(type: "StepExited", message: Self.stepExitedMessage), testRunStartedId: runId)
            send(Envelope(testRunFinished: finished))
            pipeline.drain()
            console.err("\(ProgramName.current): \(Self.stepExitedMessage)\n")
            return Ending()
        case .ran:
            pipeline.drain()
        }
        if signal != nil { console.err("\(ProgramName.current): the run was interrupted; the reports hold the results so far\n") }
        return Ending(interrupted: signal)
    }

    /// 20 ms: at most 50 hand-overs of finished scenarios a second (the timer's every 50 ms comes on top).
    static let handOverInterval: UInt64 = 20_000_000

    /// How an in-process run ended.
    enum InProcessEnd: Sendable {
        case ran
        case failed(any Error)
        /// A second signal: at once, the running step still running.
        case atOnce
        /// A step called `exit` (held in it while the run ends).
        case stepExited
    }

    static let stepExitedMessage =
        "a step ended the process (it called exit()) in a run without isolation: the scenario it ran is reported "
        + "unfinished, the ones after it did not run; without --no-isolation it fails that scenario alone"

    /// The run's end, marked interrupted: failed, naming the signal (as a supervised run's).
    static func interrupted(_ finished: TestRunFinished, by signal: Int32) -> TestRunFinished {
        var finished = finished
        let message = "the run was interrupted (signal \(signal)); the results so far are reported"
        finished.success = false
        finished.message = message
        finished.exception = Exception(type: "Interrupted", message: message)
        return finished
    }
}
