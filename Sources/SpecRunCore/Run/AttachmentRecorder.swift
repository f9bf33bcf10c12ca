import Foundation
import Messages
import SharedState

/// Collects what the running code attaches (through `StepContext`), stamped by the clock, so the runner
/// can emit the attachment messages between the step's started and finished messages.
final class AttachmentRecorder {
    /// The recorded attachments, in an object of their own that the step contexts write to (a context holding the
    /// recorder itself would be a cycle: the recorder keeps its current context).
    private let log = Log()
    private let clock: any RunClock
    /// The run's world parameters, handed to the code it runs (`WorldParameters`).
    private let worldParameters: [String: String]

    private final class Log: Sendable {
        let entries = LockedValue(Entries())
    }

    private struct Entries {
        var recorded: [(AttachmentContent, Timestamp)] = []
        /// Set once what the recorder belongs to has finished (`finish`): what is attached later is dropped, and the
        /// first such attachment is told to `late`.
        var finished: (@Sendable () -> String)?
        var late: (@Sendable (String) -> Void)?
    }

    /// The scenario handed to the code run next and the context bound while it runs, made when the scenario is
    /// set (once per test case and per change of its status, not for every step and hook).
    private var current: (scenario: ScenarioContext?, context: StepContext)
    // (Set by the test case runner and read for the code it runs next: one task at a time.)

    /// The scenario handed to the code run next (set by the test case runner).
    var scenario: ScenarioContext? {
        get { current.scenario }
        set { current = (newValue, Self.context(newValue, log, clock, worldParameters)) }
    }

    init(clock: any RunClock, worldParameters: [String: String] = [:]) {
        self.clock = clock
        self.worldParameters = worldParameters
        current = (nil, Self.context(nil, log, clock, worldParameters))
    }

    var context: StepContext { current.context }

    private static func context(
        _ scenario: ScenarioContext?, _ log: Log, _ clock: any RunClock,
        _ worldParameters: [String: String]
    ) -> StepContext {
        StepContext(scenario: scenario, worldParameters: worldParameters) { content in
            let timestamp = clock.timestamp()
            let late = log.entries.withLock { log -> (tell: (@Sendable (String) -> Void)?, after: @Sendable () -> String)? in
                guard let finished = log.finished else {
                    log.recorded.append((content, timestamp))
                    return nil
                }
                return (log.late.take(), finished)
            }
            if let late { late.tell?(Self.lateAttachment(content.mediaType, after: late.after())) }
        }
    }

    /// What belongs to the recorder has finished (`what` names it: "scenario 'Pay' (Features/pay.feature:3)", made
    /// only when needed): an attachment made from now on — by a Task a step or hook left running — has no step to
    /// go to. It is dropped, and the first one is told to `late` (a line for stderr; cucumber-js throws "Cannot
    /// attach when a step/hook is not running"). One recorded after the last drain is told now.
    func finish(late: @escaping @Sendable (String) -> Void, what: @escaping @Sendable () -> String) {
        let left = log.entries.withLock { log in
            log.finished = what
            let left = log.recorded.first?.0
            log.recorded.removeAll()
            log.late = left == nil ? late : nil
            return left
        }
        if let left { late(Self.lateAttachment(left.mediaType, after: what())) }
    }

    static func lateAttachment(_ mediaType: String, after what: String) -> String {
        "specrun: an attachment (\(mediaType)) came after \(what) had finished, from work a step or hook left running "
            + "(a Task not awaited); it is dropped, as is any more from it. Await that work in the step that starts it\n"
    }

    /// Every attachment recorded so far, emptied.
    func drain(testCaseStartedId: String? = nil, testStepId: String? = nil, testRunHookStartedId: String? = nil) -> [Envelope] {
        // (Most code attaches nothing: no copy of the empty list for it.)
        let taken = log.entries.withLock { log -> [(AttachmentContent, Timestamp)] in
            if log.recorded.isEmpty { return [] }
            defer { log.recorded.removeAll() }
            return log.recorded
        }
        if taken.isEmpty { return [] }
        return taken.map { content, timestamp in
            Envelope(
                attachment: Attachment(
                    body: content.body, contentEncoding: content.base64 ? .base64 : .identity,
                    fileName: content.fileName, mediaType: content.mediaType,
                    testCaseStartedId: testCaseStartedId, testStepId: testStepId,
                    testRunHookStartedId: testRunHookStartedId, timestamp: timestamp))
        }
    }
}

/// Runs user code with the step context bound, turning what it throws into an outcome.
nonisolated(nonsending) func runUserCode(
    recorder: AttachmentRecorder, location: SourceLocation, root: String?, step: () -> String?,
    _ body: nonisolated(nonsending) () async throws -> Void
) async -> CodeOutcome {
    await StepContext.$current.withValue(recorder.context) {
        await runBoundCode(location: location, root: root, step: step, body)
    }
}

/// Runs user code under the step context its caller bound, turning what it throws into an outcome.
@inline(__always) nonisolated(nonsending) func runBoundCode(
    location: SourceLocation, root: String?, step: () -> String?,
    _ body: nonisolated(nonsending) () async throws -> Void
) async -> CodeOutcome {
    do {
        try await body()
        return .passed
    } catch {
        return CodeOutcome(error: error, definedAt: location.relative(to: root), step: step(), root: root)
    }
}
