import Foundation
import Messages

extension Supervisor {
    /// A worker process ended. Its running test case (if any) is finished for it; a replacement is started while
    /// work is left; when the last worker is gone the run is finished (one testRunFinished for all).
    func workerEnded(_ number: Int, _ result: WorkerResult) -> [Action] {
        guard let worker = workers[number] else { return [] }
        let phase = worker.phase
        worker.phase = .gone
        defer { if allGone() { finishRun() } }
        if phase == .ending, let done = worker.finished {
            runs.append(done)
            workers[number] = worker
            return dispatchAfterLoss()
        }
        if number == 0, phase == .prelude, worker.received == 0, interruptedBy == nil,
           case .exited(let status) = result.exit, status != 0 {
            workers[number] = worker
            finished = true
            return [.stopAll, .abort(exitCode: status)]
        }
        var exit = result.exit
        // (A worker ended by SIGINT or SIGTERM while specrun itself was not — a step signalled its own process, the
        // supervisor ended it past its deadline — is no interruption of the run: the run goes on. Ctrl-C reaches the
        // supervisor, whose `interrupt` comes first: its pool asks the signal handler before each worker's end.)
        if let signal = interruptedBy, worker.timedOut == nil { exit = .signaled(signal) }
        var cause = Failure(exit: exit, timedOut: worker.timedOut, interrupted: interruptedBy != nil,
                            detail: CrashWording.fatalErrorLine(in: result.stderrTail), memoryLimit: settings.memoryLimit)
        cause.channelBroke = result.channelBroke || exit == .exited(WorkerChannels.brokenStatus)
        if cause.timedOut != nil { timeoutCount += 1 } else if !cause.interrupted { crashCount += 1 }
        if phase == .working, let index = worker.assigned.first {
            finishCrashed(index, worker.running, cause)
            requeue(worker.assigned.dropFirst())
            worker.assigned = []
            workers[number] = worker
            return restartIfNeeded()
        }
        if let hook = worker.runningHook, hook.forwarded {
            failHook(hook.started, cause, what: hookTypes[hook.started.hookId] == .afterTestRun ? "AfterAll hook" : "BeforeAll hook")
        }
        workers[number] = worker
        if phase == .prelude && number == 0 {
            // Loading or worker 0's BeforeAll hooks crashed: without its prelude the run cannot go on.
            finishCrashedRun(cause, during: worker.runningHook.map { hookTypes[$0.started.hookId] == .afterTestRun ? "an AfterAll hook" : "a BeforeAll hook" }
                ?? (testRunStartedId == nil ? "loading the features" : "the run, outside any scenario"))
            return [.stopAll]
        }
        if phase == .ending { runs.append(failedRun(cause, during: "an AfterAll hook")) }
        return restartIfNeeded()
    }

    static let interruptions: Set<Int32> = [2, 15]

    struct Failure {
        var exit: WorkerExit
        var timedOut: (seconds: Double, step: String?, source: String?)?
        var interrupted: Bool
        var detail: String?
        var memoryLimit: UInt64?
        /// The worker lost its channel to the supervisor (a step closed its descriptors).
        var channelBroke = false

        var exceptionType: String { timedOut != nil ? "Timeout" : interrupted ? "Interrupted" : CrashWording.exceptionType }

        func message(what: String, goesOn: Bool = true) -> String {
            if let timedOut {
                let seconds = timedOut.seconds >= 1 || timedOut.seconds == 0 ? "\(RunCommand.seconds(timedOut.seconds)) s"
                    : TimeoutText.describe(timedOut.seconds)
                return "the \(what) timed out after \(seconds)" + (timedOut.step.map { " (\($0))" } ?? "")
                    + (goesOn ? "; the scenario is marked failed, its worker was replaced and the run goes on" : "; the run is marked failed")
                    + (timedOut.source.map { " (its limit: \($0))" } ?? " (change the limit with --timeout SECONDS, 0 for none)")
            }
            if channelBroke && !interrupted {
                return "the \(what) broke the worker's channel to specrun (did it close descriptors it did not open?); "
                    + "its worker was ended and replaced; the scenario is marked failed and the run goes on"
                    + (detail.map { "\n\($0)" } ?? "")
            }
            return CrashWording.message(for: exit, what: what, detail: detail, memoryLimit: memoryLimit, interrupted: interrupted)
        }
    }

    private func allGone() -> Bool { !finished && workers.values.allSatisfy { $0.phase == .gone } }

    private func restartIfNeeded() -> [Action] {
        let workLeft = !preludeDone || pendingLeft || anyAssigned
        let alive = workers.values.contains { $0.phase != .gone }
        guard interruptedBy == nil, workLeft || !alive, crashCount + timeoutCount <= restartLimit else {
            return dispatch()
        }
        if !workLeft && alive { return dispatch() }
        // No work left and no worker: one that crashed in the last scenario never ran the AfterAll hooks. One more
        // worker runs them (its BeforeAll hooks too, as every replacement's), so they run and are reported.
        if !workLeft { return needsAfterAll ? [startWorker()] + dispatch() : [] }
        return [startWorker()] + dispatch()
    }

    private func dispatchAfterLoss() -> [Action] { dispatch() }

    /// The run has AfterAll hooks and no worker was told to end yet (so none ran them).
    private var needsAfterAll: Bool {
        !endSent && preludeDone && hookTypes.values.contains(.afterTestRun)
    }

    /// Test cases handed out to a worker that died before starting them go back to the front of the queue.
    private func requeue(_ indices: ArraySlice<Int>) {
        for index in indices where cases[index].serial { runningSerial -= 1 }
        pending.insert(contentsOf: indices, at: pendingCursor)
    }

    /// The running step FAILED with the cause (or the next one, if it died between steps), the rest SKIPPED.
    private func finishCrashed(_ index: Int, _ running: RunningCase?, _ cause: Failure) {
        let planned = cases[index]
        var block: [Envelope] = []
        let started = running?.started ?? TestCaseStarted(attempt: 0, id: "\(testRunStartedId ?? "run")-crashed-\(index)",
                                                          testCaseId: planned.testCaseId, timestamp: timestamp())
        if running?.started == nil { block.append(Envelope(testCaseStarted: started)) }
        let finishedSteps = running?.finishedSteps ?? []
        let blamed = running?.step?.id ?? planned.steps.first { !finishedSteps.contains($0.id) }?.id
        for step in planned.steps where !finishedSteps.contains(step.id) {
            var since = timestamp()
            if step.id == running?.step?.id, let stepSince = running?.step?.since {
                since = stepSince
            } else {
                block.append(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: started.id, testStepId: step.id, timestamp: since)))
            }
            let end = timestamp()
            let result: TestStepResult
            if step.id == blamed {
                let message = cause.message(what: step.isHook ? "hook" : "step")
                result = TestStepResult(duration: Self.duration(from: since, to: end), message: message, status: .failed,
                                        exception: Exception(type: cause.exceptionType, message: message))
            } else {
                result = TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .skipped)
            }
            block.append(Envelope(testStepFinished: TestStepFinished(testCaseStartedId: started.id, testStepId: step.id,
                                                                     testStepResult: result, timestamp: end)))
        }
        block.append(Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: started.id, timestamp: timestamp(),
                                                                 willBeRetried: false)))
        appendBlock(index, block)
        completeCase(index, passed: false)
    }

    static func withoutArticle(_ phase: String) -> String {
        for article in ["a ", "an "] where phase.hasPrefix(article) { return String(phase.dropFirst(article.count)) }
        return phase
    }

    /// A BeforeAll or AfterAll hook whose worker died in it: FAILED with the cause; the run fails.
    private func failHook(_ started: TestRunHookStarted, _ cause: Failure, what: String) {
        var message = cause.message(what: what, goesOn: false)
        if cause.timedOut == nil && !cause.interrupted && !cause.channelBroke {
            message = CrashWording.message(for: cause.exit, what: what, detail: cause.detail, goesOn: false, memoryLimit: cause.memoryLimit,
                                           interrupted: false)
        }
        let end = timestamp()
        forward(Envelope(testRunHookFinished: TestRunHookFinished(
            testRunHookStartedId: started.id,
            result: TestStepResult(duration: Self.duration(from: started.timestamp, to: end), message: message,
                                   status: .failed, exception: Exception(type: cause.exceptionType, message: message)),
            timestamp: end)))
    }

    /// A crash outside any test case of worker 0 before its prelude ended: the run ends here, failed.
    private func finishCrashedRun(_ cause: Failure, during phase: String) {
        if testRunStartedId == nil {
            let id = "crashed-run"
            forward(Envelope(testRunStarted: TestRunStarted(timestamp: timestamp(), id: id)))
            testRunStartedId = id
        }
        runs.append(failedRun(cause, during: phase))
        preludeDone = true
        pendingCursor = pending.count
    }

    private func failedRun(_ cause: Failure, during phase: String) -> TestRunFinished {
        var message: String
        if cause.interrupted {
            message = "the run was interrupted (\(cause.exit.description)); the results so far are reported"
        } else {
            message = "specrun's worker process crashed during \(phase): \(cause.exit.description)"
            if let likely = cause.exit.likelyCause { message += " — \(likely)" }
            message += "; the results so far are reported"
        }
        if cause.timedOut != nil { message = cause.message(what: Self.withoutArticle(phase), goesOn: false) }
        if let detail = cause.detail { message += "\n\(detail)" }
        return TestRunFinished(message: message, success: false, timestamp: timestamp(),
                               exception: Exception(type: cause.exceptionType, message: message),
                               testRunStartedId: testRunStartedId)
    }

    /// Whatever test cases are complete but held back (a gap left by an interruption), then one testRunFinished.
    private func finishRun() {
        finished = true
        for index in blocks.keys.sorted() where index < complete.count && complete[index] {
            for envelope in blocks.removeValue(forKey: index) ?? [] { output(envelope) }
        }
        var success = runs.allSatisfy(\.success) && crashCount == 0 && timeoutCount == 0 && interruptedBy == nil
        if runs.isEmpty { success = false }
        var message = runs.compactMap(\.message).first
        var exception = runs.compactMap(\.exception).first
        if interruptedBy != nil && message == nil {
            message = "the run was interrupted (signal \(interruptedBy!)); the results so far are reported"
            exception = Exception(type: "Interrupted", message: message)
        }
        let latest = runs.map(\.timestamp).max { ($0.seconds, $0.nanos) < ($1.seconds, $1.nanos) } ?? timestamp()
        forward(Envelope(testRunFinished: TestRunFinished(message: message, success: success, timestamp: latest,
                                                          exception: exception, testRunStartedId: testRunStartedId)))
    }

    private func timestamp() -> Timestamp { Timestamp(date: now()) }

    static func duration(from start: Timestamp, to end: Timestamp) -> Duration {
        let nanos = max(0, (Int64(end.seconds) - Int64(start.seconds)) * 1_000_000_000 + Int64(end.nanos) - Int64(start.nanos))
        return Duration(seconds: Int(nanos / 1_000_000_000), nanos: Int(nanos % 1_000_000_000))
    }
}
