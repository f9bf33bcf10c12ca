import Foundation
import Messages

/// Joins the envelope streams of the workers of one run into one complete stream, as if one process had run it.
///
/// Feed it every envelope of the current worker (`receive`), then how that worker ended (`workerEnded`). When a
/// worker dies in the middle of a test case, the repair finishes that test case (the running step FAILED with
/// the crash, the rest SKIPPED) and asks for a worker that resumes after it. From a resumed worker it drops what
/// the first already sent (definitions, testRunStarted, testCases, BeforeAll hooks: the same ids, since every
/// worker makes the same ids) and renames the ids it makes while running, so they cannot collide.
final class StreamRepair {
    enum Next: Equatable {
        /// The run is complete (a testRunFinished was forwarded); exit with this code.
        case finished(exitCode: Int32)
        /// Start a worker that skips this many test cases.
        case resume(after: Int)
        /// The first worker ended before sending anything (a usage error it has explained on stderr).
        case notStarted(exitCode: Int32)
    }

    static let exceptionType = "Crash"
    /// SIGINT and SIGTERM: someone stopped the run (Ctrl-C, a CI timeout); no worker is restarted.
    static let interruptions: Set<Int32> = [2, 15]

    private let forward: (Envelope) -> Void
    private let now: () -> Date
    private(set) var workerIndex = 0
    private(set) var crashCount = 0
    private(set) var interrupted = false
    private(set) var testCaseIds: [String] = []
    private(set) var finishedTestCases = 0
    private(set) var unparsableUris: [String] = []
    private var testCases: [String: TestCase] = [:]
    private var hookTypes: [String: HookType] = [:]
    private var testRunStartedId: String?
    private var receivedFromWorker = 0
    private var workerStartedTestCase = false
    private var workerFinishedRun = false
    private var droppedHookStarts: Set<String> = []
    private var running: RunningTestCase?
    private var runningHook: (started: TestRunHookStarted, forwarded: Bool)?

    private struct RunningTestCase {
        var started: TestCaseStarted
        var step: (id: String, since: Timestamp)?
        var finishedSteps: Set<String> = []
    }

    init(now: @escaping () -> Date = Date.init, forward: @escaping (Envelope) -> Void) {
        self.now = now
        self.forward = forward
    }

    // MARK: The stream of the current worker

    func receive(_ envelope: Envelope) {
        receivedFromWorker += 1
        var envelope = envelope
        if workerIndex > 0 {
            guard !isAlreadySent(envelope) else {
                track(envelope, forwarded: false)
                return
            }
            envelope = renamed(envelope)
        }
        if var finished = envelope.testRunFinished, crashCount > 0 {
            finished.success = false
            envelope.testRunFinished = finished
        }
        track(envelope, forwarded: true)
        forward(envelope)
    }

    /// Definitions and the run's start come once, from the first worker; so do the BeforeAll hooks' results.
    private func isAlreadySent(_ envelope: Envelope) -> Bool {
        if envelope.meta != nil || envelope.source != nil || envelope.gherkinDocument != nil || envelope.pickle != nil
            || envelope.parseError != nil || envelope.stepDefinition != nil || envelope.hook != nil
            || envelope.parameterType != nil || envelope.undefinedParameterType != nil
            || envelope.testRunStarted != nil || envelope.testCase != nil {
            return true
        }
        if let started = envelope.testRunHookStarted {
            let type = hookTypes[started.hookId]
            if type == .beforeTestRun || (type == nil && !workerStartedTestCase) {
                droppedHookStarts.insert(started.id)
                return true
            }
            return false
        }
        if let id = envelope.testRunHookFinished?.testRunHookStartedId ?? envelope.attachment?.testRunHookStartedId
            ?? envelope.externalAttachment?.testRunHookStartedId {
            return droppedHookStarts.contains(id)
        }
        return false
    }

    /// The ids a worker makes while running, suffixed with the worker's number (the first worker's stay as they are).
    private func renamed(_ envelope: Envelope) -> Envelope {
        let suffix = "-\(workerIndex)"
        var envelope = envelope
        if var message = envelope.testCaseStarted { message.id += suffix; envelope.testCaseStarted = message }
        if var message = envelope.testStepStarted { message.testCaseStartedId += suffix; envelope.testStepStarted = message }
        if var message = envelope.testStepFinished { message.testCaseStartedId += suffix; envelope.testStepFinished = message }
        if var message = envelope.testCaseFinished { message.testCaseStartedId += suffix; envelope.testCaseFinished = message }
        if var message = envelope.testRunHookStarted { message.id += suffix; envelope.testRunHookStarted = message }
        if var message = envelope.testRunHookFinished { message.testRunHookStartedId += suffix; envelope.testRunHookFinished = message }
        if var message = envelope.suggestion { message.id += suffix; envelope.suggestion = message }
        if var message = envelope.attachment {
            message.testCaseStartedId = message.testCaseStartedId.map { $0 + suffix }
            message.testRunHookStartedId = message.testRunHookStartedId.map { $0 + suffix }
            envelope.attachment = message
        }
        if var message = envelope.externalAttachment {
            message.testCaseStartedId = message.testCaseStartedId.map { $0 + suffix }
            message.testRunHookStartedId = message.testRunHookStartedId.map { $0 + suffix }
            envelope.externalAttachment = message
        }
        return envelope
    }

    private func track(_ envelope: Envelope, forwarded: Bool) {
        if let hook = envelope.hook, let type = hook.type { hookTypes[hook.id] = type }
        if let error = envelope.parseError, forwarded, let uri = error.source.uri, !unparsableUris.contains(uri) {
            unparsableUris.append(uri)
        }
        if let started = envelope.testRunStarted, forwarded { testRunStartedId = started.id }
        if let testCase = envelope.testCase, forwarded {
            testCases[testCase.id] = testCase
            testCaseIds.append(testCase.id)
        }
        if let started = envelope.testCaseStarted {
            workerStartedTestCase = true
            running = RunningTestCase(started: started)
        }
        if let started = envelope.testStepStarted { running?.step = (started.testStepId, started.timestamp) }
        if let finished = envelope.testStepFinished {
            running?.finishedSteps.insert(finished.testStepId)
            running?.step = nil
        }
        if let finished = envelope.testCaseFinished {
            if !finished.willBeRetried { finishedTestCases += 1 }
            running = nil
        }
        if let started = envelope.testRunHookStarted { runningHook = (started, forwarded) }
        if envelope.testRunHookFinished != nil { runningHook = nil }
        if envelope.testRunFinished != nil { workerFinishedRun = true }
    }

    // MARK: The end of a worker

    func workerEnded(_ result: WorkerResult) -> Next {
        if workerFinishedRun {
            if crashCount > 0 { return .finished(exitCode: 1) }
            if case .exited(let status) = result.exit { return .finished(exitCode: status) }
            return .finished(exitCode: 1)
        }
        if workerIndex == 0, receivedFromWorker == 0, case .exited(let status) = result.exit, status != 0 {
            return .notStarted(exitCode: status)
        }
        if case .signaled(let signal) = result.exit, Self.interruptions.contains(signal) {
            interrupted = true
            if let testCase = running { finishCrashed(testCase, result.exit, detail: nil) }
            finishCrashedRun(result.exit, detail: nil)
            return .finished(exitCode: 128 + signal)
        }
        crashCount += 1
        let detail = Self.fatalErrorLine(in: result.stderrTail)
        if let testCase = running {
            finishCrashed(testCase, result.exit, detail: detail)
            startNextWorker()
            return .resume(after: finishedTestCases)
        }
        finishCrashedRun(result.exit, detail: detail)
        return .finished(exitCode: 1)
    }

    /// Ends the run when the supervisor will not start another worker (too many restarts).
    func giveUp(_ reason: String) {
        crashCount += 1
        forward(Envelope(testRunFinished: TestRunFinished(
            message: reason, success: false, timestamp: timestamp(),
            exception: Exception(type: Self.exceptionType, message: reason), testRunStartedId: testRunStartedId)))
    }

    private func startNextWorker() {
        workerIndex += 1
        receivedFromWorker = 0
        workerStartedTestCase = false
        workerFinishedRun = false
        droppedHookStarts = []
        runningHook = nil
    }

    /// The running step FAILED with the crash (or the next one, if it died between steps), the rest SKIPPED.
    private func finishCrashed(_ testCase: RunningTestCase, _ exit: WorkerExit, detail: String?) {
        let startedId = testCase.started.id
        let steps = testCases[testCase.started.testCaseId]?.testSteps ?? []
        let blamed = testCase.step?.id ?? steps.first { !testCase.finishedSteps.contains($0.id) }?.id
        for step in steps where !testCase.finishedSteps.contains(step.id) {
            var since = timestamp()
            if step.id == testCase.step?.id, let started = testCase.step?.since {
                since = started
            } else {
                forward(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: startedId, testStepId: step.id, timestamp: since)))
            }
            let end = timestamp()
            let result: TestStepResult
            if step.id == blamed {
                let message = Self.message(for: exit, what: step.hookId == nil ? "step" : "hook", detail: detail)
                result = TestStepResult(duration: Self.duration(from: since, to: end), message: message, status: .failed,
                                        exception: Exception(type: currentExceptionType, message: message))
            } else {
                result = TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .skipped)
            }
            forward(Envelope(testStepFinished: TestStepFinished(testCaseStartedId: startedId, testStepId: step.id,
                                                                testStepResult: result, timestamp: end)))
        }
        forward(Envelope(testCaseFinished: TestCaseFinished(testCaseStartedId: startedId, timestamp: timestamp(),
                                                            willBeRetried: false)))
        finishedTestCases += 1
        running = nil
    }

    /// A crash outside any test case (loading, BeforeAll or AfterAll hooks): the run ends here, failed.
    private func finishCrashedRun(_ exit: WorkerExit, detail: String?) {
        let phase: String
        if let hook = runningHook {
            let type = hookTypes[hook.started.hookId]
            phase = type == .afterTestRun ? "an AfterAll hook" : "a BeforeAll hook"
            if hook.forwarded {
                let message = Self.message(for: exit, what: "hook", detail: detail, goesOn: false)
                let end = timestamp()
                forward(Envelope(testRunHookFinished: TestRunHookFinished(
                    testRunHookStartedId: hook.started.id,
                    result: TestStepResult(duration: Self.duration(from: hook.started.timestamp, to: end), message: message,
                                           status: .failed, exception: Exception(type: currentExceptionType, message: message)),
                    timestamp: end)))
            }
        } else {
            phase = testRunStartedId == nil ? "loading the features" : "the run, outside any scenario"
        }
        if testRunStartedId == nil {
            let id = "crashed-run"
            forward(Envelope(testRunStarted: TestRunStarted(timestamp: timestamp(), id: id)))
            testRunStartedId = id
        }
        var message: String
        if interrupted {
            message = "the run was interrupted (\(exit.description)); the results so far are reported"
        } else {
            message = "specrun's worker process crashed during \(phase): \(exit.description)"
            if let cause = exit.likelyCause { message += " — \(cause)" }
            message += "; the results so far are reported"
        }
        if let detail { message += "\n\(detail)" }
        forward(Envelope(testRunFinished: TestRunFinished(
            message: message, success: false, timestamp: timestamp(),
            exception: Exception(type: currentExceptionType, message: message), testRunStartedId: testRunStartedId)))
        running = nil
        runningHook = nil
    }

    // MARK: Words and times

    static func message(for exit: WorkerExit, what: String, detail: String?, goesOn: Bool = true) -> String {
        var message: String
        switch exit {
        case .signaled(let signal) where interruptions.contains(signal):
            return "the run was interrupted (\(exit.description)) during this \(what); the scenario is marked failed"
        case .signaled:
            message = "the \(what) crashed the process: \(exit.description)"
            if let cause = exit.likelyCause { message += " — \(cause)" }
        case .exited:
            message = "the \(what) ended the process (\(exit.description)) before its scenario finished"
        }
        message += goesOn ? "; the scenario is marked failed and the run goes on" : "; the run ends here, failed"
        if let detail { message += "\n\(detail)" }
        return message
    }

    /// The Swift runtime's last "…: Fatal error: …" line (or a precondition/assertion failure) on stderr, if any.
    static func fatalErrorLine(in stderr: String) -> String? {
        let markers = ["Fatal error:", "Precondition failed:", "Assertion failed:", "Fatal error"]
        return stderr.split(separator: "\n").last { line in markers.contains { line.contains($0) } }
            .map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    private var currentExceptionType: String { interrupted ? "Interrupted" : Self.exceptionType }

    private func timestamp() -> Timestamp { Timestamp(date: now()) }

    private static func duration(from start: Timestamp, to end: Timestamp) -> Duration {
        let nanos = max(0, (Int64(end.seconds) - Int64(start.seconds)) * 1_000_000_000 + Int64(end.nanos) - Int64(start.nanos))
        return Duration(seconds: Int(nanos / 1_000_000_000), nanos: Int(nanos % 1_000_000_000))
    }
}
