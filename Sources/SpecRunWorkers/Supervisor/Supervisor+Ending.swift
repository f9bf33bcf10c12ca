import Foundation
import Messages

extension Supervisor {
    /// A worker process ended. Its running test case (if any) is finished for it; a replacement is started while
    /// work is left; when the last worker is gone the run is finished (one testRunFinished for all).
    func workerEnded(_ number: Int, _ result: WorkerResult) -> [Action] {
        guard let worker = workers[number] else { return [] }
        let phase = worker.state.phase
        worker.state.phase = .gone
        planSenderEnded(number)
        defer { if allGone() { finishRun() } }
        if phase == .ending, worker.misfit == nil, let done = worker.finished {
            parts.tally.add(done)
            return dispatch()
        }
        if number == 0, phase == .prelude, worker.state.received == 0, interruptedBy == nil,
            case .exited(let status) = result.exit, status != 0
        {
            finished = true
            return [.stopAll, .abort(exitCode: status)]
        }
        var exit = result.exit
        // (A worker ended by SIGINT or SIGTERM while specrun itself was not — a step signalled its own process, the
        // supervisor ended it past its deadline — is no interruption of the run: the run goes on. Ctrl-C reaches the
        // supervisor, whose `interrupt` comes first: its pool asks the signal handler before each worker's end.)
        if let signal = interruptedBy, worker.timedOut == nil { exit = .signaled(signal) }
        var cause = Failure(
            exit: exit, timedOut: worker.timedOut, interrupted: interruptedBy != nil,
            detail: CrashWording.fatalErrorLine(in: result.stderrTail), memoryLimit: settings.memoryLimit)
        cause.channelBroke = result.channelBroke || exit == .exited(WorkerChannels.brokenStatus)
        cause.misfit = worker.misfit
        parts.tally.count(cause)
        if phase == .working, let index = worker.state.assigned.first {
            if !cause.interrupted {
                cause.culprit = culprit(of: cause.detail, running: index, worker: worker, timedOut: cause.timedOut != nil)
            }
            // A feature's hook (BeforeFeature/AfterFeature, run between test cases) that it died in: finished for it.
            if let hook = worker.runningHook, hook.forwarded {
                forward(crashRepair.hookFinished(hook.started, cause: cause, what: "feature hook"))
                worker.runningHook = nil
                if parts.plan.isAfterFeature(hook.started.hookId), worker.state.running?.started == nil {
                    // The previous feature's AfterFeature hook, run before this test case started: the hook failed
                    // (and with it the run); the test case had no part in it and is handed out again.
                    parts.queue.putBack(worker.state.assigned.all)
                    worker.state.assigned = AssignedCases()
                    return restartIfNeeded()
                }
            }
            // The running step FAILED with the cause (or the next one, if it died between steps), the rest SKIPPED;
            // the test cases it was handed but did not start go back to the front of the queue.
            let stepsEnded =
                worker.state.running.map {
                    $0.started != nil && $0.step == nil && $0.finishedSteps.count >= parts.plan.stepCount(of: index)
                }
                ?? false
            parts.stream.hold(
                crashRepair.testCase(
                    parts.plan[index], index: index, running: worker.state.running, cause: cause,
                    runId: parts.plan.testRunStartedId), for: index)
            completeCase(index, passed: false)
            if stepsEnded {
                // Every step had ended: no step to fail, so the run's end names what happened.
                parts.tally.add(
                    crashRepair.failedRun(cause, during: "a test case's end, after its last step", runId: parts.plan.testRunStartedId))
            }
            parts.queue.putBack(worker.state.assigned.all.dropFirst())
            worker.state.assigned = AssignedCases()
            return restartIfNeeded()
        }
        if let hook = worker.runningHook, hook.forwarded {
            forward(
                crashRepair.hookFinished(
                    hook.started, cause: cause,
                    what: parts.plan.isAfterAll(hook.started.hookId) ? "AfterAll hook" : "BeforeAll hook"))
        }
        if phase == .prelude && number == 0 {
            // Loading or worker 0's BeforeAll hooks crashed: without its prelude the run cannot go on.
            finishCrashedRun(
                cause,
                during: worker.runningHook.map { parts.plan.isAfterAll($0.started.hookId) ? "an AfterAll hook" : "a BeforeAll hook" }
                    ?? (parts.plan.testRunStartedId == nil ? "loading the features" : "the run, outside any scenario"))
            return [.stopAll]
        }
        if phase == .ending {
            parts.tally.add(crashRepair.failedRun(cause, during: "an AfterAll hook", runId: parts.plan.testRunStartedId))
        } else if worker.misfit != nil {
            // Ended between scenarios for a line that does not fit: no scenario to fail, the run fails naming it.
            parts.tally.add(crashRepair.failedRun(cause, during: "the run, between scenarios", runId: parts.plan.testRunStartedId))
        }
        return restartIfNeeded()
    }

    /// The signals that end a run with its reports (`InterruptForwarder.endingSignals`).
    static let interruptions = Set(InterruptForwarder.endingSignals)

    private func allGone() -> Bool { !finished && workers.values.allSatisfy { $0.state.phase == .gone } }

    private func restartIfNeeded() -> [Action] {
        let workLeft = !preludeDone || parts.queue.hasPending || anyAssigned
        let alive = workers.values.contains { $0.state.phase != .gone }
        guard interruptedBy == nil, workLeft || !alive, parts.tally.allowsRestart(limit: restartLimit) else {
            return dispatch()
        }
        if !workLeft && alive { return dispatch() }
        // No work left and no worker: one that crashed in the last scenario never ran the AfterAll hooks. One more
        // worker runs them (its BeforeAll hooks too, as every replacement's), so they run and are reported.
        if !workLeft { return needsAfterAll ? [startWorker()] + dispatch() : [] }
        return [startWorker()] + dispatch()
    }

    /// The run has AfterAll hooks and no worker was told to end yet (so none ran them).
    private var needsAfterAll: Bool {
        !endSent && preludeDone && parts.plan.hasAfterAllHooks
    }

    /// A crash outside any test case of worker 0 before its prelude ended: the run ends here, failed.
    private func finishCrashedRun(_ cause: Failure, during phase: String) {
        forwardDocuments(throughPickle: nil)
        if parts.plan.testRunStartedId == nil {
            let id = "crashed-run"
            forward(Envelope(testRunStarted: TestRunStarted(timestamp: crashRepair.timestamp(), id: id)))
            parts.plan.runStarted(id: id)
        }
        parts.tally.add(crashRepair.failedRun(cause, during: phase, runId: parts.plan.testRunStartedId))
        preludeDone = true
        parts.queue.drain()
    }

    /// Whatever test cases are complete but held back (a gap left by an interruption), then one testRunFinished.
    private func finishRun() {
        finished = true
        forwardDocuments(throughPickle: nil)
        parts.stream.releaseComplete()
        forward(Envelope(testRunFinished: parts.tally.finished(testRunStartedId: parts.plan.testRunStartedId, now: crashRepair.timestamp)))
    }
}
