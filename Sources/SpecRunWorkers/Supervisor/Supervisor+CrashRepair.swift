import Foundation
import Messages
import SpecRunCore

extension Supervisor {
    /// Why a worker died in the middle of something: its exit, a timeout, an interruption, what it said last.
    struct Failure {
        var exit: WorkerExit
        var timedOut: (seconds: Double, step: String?, source: String?)?
        var interrupted: Bool
        var detail: String?
        var memoryLimit: UInt64?
        /// The worker lost its channel to the supervisor (a step closed its descriptors).
        var channelBroke = false
        /// The line of its channel that did not fit its plan, for which the supervisor ended it (`PlanCheck`).
        var misfit: String?
        /// The earlier scenario whose work left running crashed it (`Supervisor+Culprit`).
        var culprit: String?

        var exceptionType: String { timedOut != nil ? "Timeout" : interrupted ? "Interrupted" : CrashWording.exceptionType }

        func message(what: String, goesOn: Bool = true) -> String {
            if let timedOut {
                let seconds =
                    timedOut.seconds >= 1 || timedOut.seconds == 0
                    ? "\(CrashWording.seconds(timedOut.seconds)) s"
                    : TimeoutText.describe(timedOut.seconds)
                return "the \(what) timed out after \(seconds)" + (timedOut.step.map { " (\($0))" } ?? "")
                    + (goesOn
                        ? "; the scenario is marked failed, its worker was replaced and the run goes on" : "; the run is marked failed")
                    + (timedOut.source.map { " (its limit: \($0))" } ?? " (change the limit with --timeout SECONDS, 0 for none)")
                    + (culprit.map { "\n" + $0 } ?? "")
            }
            if let misfit, !interrupted {
                return "the \(what) ran while the worker's channel to specrun carried a line that does not fit its plan (\(misfit)): "
                    + "only the worker may write there (did the \(what) fork a process that goes on, or write to descriptors it did not open?); "
                    + (goesOn
                        ? "its worker was ended and replaced; the scenario is marked failed and the run goes on"
                        : "the run is marked failed")
            }
            if channelBroke && !interrupted {
                return "the \(what) broke the worker's channel to specrun (did it close descriptors it did not open?); "
                    + "its worker was ended and replaced; the scenario is marked failed and the run goes on"
                    + (detail.map { "\n\($0)" } ?? "")
            }
            let message = CrashWording.message(for: exit, what: what, detail: detail, memoryLimit: memoryLimit, interrupted: interrupted)
            return culprit.map { message + "\n" + $0 } ?? message
        }
    }

    /// The messages that finish for a dead worker what it was in the middle of: its test case, its BeforeAll or
    /// AfterAll hook, its run. Times from `now`.
    struct CrashRepair {
        private let now: () -> Date

        init(now: @escaping () -> Date) { self.now = now }

        func timestamp() -> Timestamp { Timestamp(date: now()) }

        /// A test case's end: the running step FAILED with the cause (or the next one, if it died between steps),
        /// the rest SKIPPED; its start too when the worker had not sent it.
        func testCase(_ planned: PlannedCase, index: Int, running: RunningCase?, cause: Failure, runId: String?) -> [Envelope] {
            var block: [Envelope] = []
            let started =
                running?.started
                ?? TestCaseStarted(
                    attempt: 0, id: "\(runId ?? "run")-crashed-\(index)",
                    testCaseId: planned.testCaseId, timestamp: timestamp())
            if running?.started == nil { block.append(Envelope(testCaseStarted: started)) }
            let finishedSteps = running?.finishedSteps ?? []
            let blamed = running?.step?.id ?? planned.steps.first { !finishedSteps.contains($0.id) }?.id
            for step in planned.steps where !finishedSteps.contains(step.id) {
                var since = timestamp()
                if step.id == running?.step?.id, let stepSince = running?.step?.since {
                    since = stepSince
                } else {
                    // A blamed step whose start the worker did not say (it says none without a message report)
                    // started when the step before it ended.
                    if step.id == blamed, running?.step == nil, let lastEnd = running?.lastEnd { since = lastEnd }
                    block.append(
                        Envelope(testStepStarted: TestStepStarted(testCaseStartedId: started.id, testStepId: step.id, timestamp: since)))
                }
                let end = timestamp()
                let result: TestStepResult
                if step.id == blamed {
                    let message = cause.message(what: step.isHook ? "hook" : "step")
                    result = TestStepResult(
                        duration: Supervisor.duration(from: since, to: end), message: message, status: .failed,
                        exception: Exception(type: cause.exceptionType, message: message))
                } else {
                    result = TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .skipped)
                }
                block.append(
                    Envelope(
                        testStepFinished: TestStepFinished(
                            testCaseStartedId: started.id, testStepId: step.id,
                            testStepResult: result, timestamp: end)))
            }
            block.append(
                Envelope(
                    testCaseFinished: TestCaseFinished(
                        testCaseStartedId: started.id, timestamp: timestamp(),
                        willBeRetried: false)))
            return block
        }

        /// A BeforeAll or AfterAll hook whose worker died in it: FAILED with the cause; the run fails.
        func hookFinished(_ started: TestRunHookStarted, cause: Failure, what: String) -> Envelope {
            var message = cause.message(what: what, goesOn: false)
            if cause.timedOut == nil && !cause.interrupted && !cause.channelBroke && cause.misfit == nil {
                message = CrashWording.message(
                    for: cause.exit, what: what, detail: cause.detail, goesOn: false, memoryLimit: cause.memoryLimit,
                    interrupted: false)
            }
            let end = timestamp()
            return Envelope(
                testRunHookFinished: TestRunHookFinished(
                    testRunHookStartedId: started.id,
                    result: TestStepResult(
                        duration: Supervisor.duration(from: started.timestamp, to: end), message: message,
                        status: .failed, exception: Exception(type: cause.exceptionType, message: message)),
                    timestamp: end))
        }

        /// A worker's end that it could not send: failed, naming what it died in (`phase`, with its article).
        func failedRun(_ cause: Failure, during phase: String, runId: String?) -> TestRunFinished {
            var message: String
            if cause.interrupted {
                message = "the run was interrupted (\(cause.exit.description)); the results so far are reported"
            } else {
                message = "specrun's worker process crashed during \(phase): \(cause.exit.description)"
                if let likely = cause.exit.likelyCause { message += " — \(likely)" }
                message += "; the results so far are reported"
            }
            if cause.timedOut != nil || cause.misfit != nil {
                message = cause.message(what: Supervisor.withoutArticle(phase), goesOn: false)
            }
            if let detail = cause.detail { message += "\n\(detail)" }
            return TestRunFinished(
                message: message, success: false, timestamp: timestamp(),
                exception: Exception(type: cause.exceptionType, message: message),
                testRunStartedId: runId)
        }
    }

    static func withoutArticle(_ phase: String) -> String {
        for article in ["a ", "an "] where phase.hasPrefix(article) { return String(phase.dropFirst(article.count)) }
        return phase
    }

    static func duration(from start: Timestamp, to end: Timestamp) -> Duration {
        let nanos = max(0, (Int64(end.seconds) - Int64(start.seconds)) * 1_000_000_000 + Int64(end.nanos) - Int64(start.nanos))
        return Duration(seconds: Int(nanos / 1_000_000_000), nanos: Int(nanos % 1_000_000_000))
    }
}
