import Foundation
import Messages

/// Collects what the running code attaches (through `StepContext`), stamped by the clock, so the runner
/// can emit the attachment messages between the step's started and finished messages.
final class AttachmentRecorder: @unchecked Sendable {
    /// The recorded attachments, in a box of their own that the step contexts write to (a context holding the
    /// recorder itself would be a cycle: the recorder keeps its current context).
    private final class Log: @unchecked Sendable {
        // @unchecked: `recorded` is read and written under `lock`.
        let lock = NSLock()
        #if DEBUG  // checked in tests; unchecked in release, named by callgrind (c10k): read after every step
        var recorded: [(AttachmentContent, Timestamp)] = []
        #else
        @exclusivity(unchecked) var recorded: [(AttachmentContent, Timestamp)] = []
        #endif
        let clock: any RunClock
        /// Set once what the recorder belongs to has finished (`finish`): what is attached later is dropped, and the
        /// first such attachment is told to `late`.
        var finished: (@Sendable () -> String)?
        var late: (@Sendable (String) -> Void)?

        init(clock: any RunClock) { self.clock = clock }
    }

    private let log: Log
    /// The scenario handed to the code run next and the context bound while it runs, made when the scenario is
    /// set (once per test case and per change of its status, not for every step and hook).
    private var current: (scenario: ScenarioContext?, context: StepContext)
    // (Set by the test case runner and read for the code it runs next: one task at a time.)

    /// The scenario handed to the code run next (set by the test case runner).
    var scenario: ScenarioContext? {
        get { current.scenario }
        set { current = (newValue, Self.context(newValue, log)) }
    }

    init(clock: any RunClock) {
        log = Log(clock: clock)
        current = (nil, Self.context(nil, log))
    }

    var context: StepContext { current.context }

    private static func context(_ scenario: ScenarioContext?, _ log: Log) -> StepContext {
        StepContext(scenario: scenario) { content in
            let timestamp = log.clock.timestamp()
            log.lock.lock()
            guard let finished = log.finished else {
                log.recorded.append((content, timestamp))
                log.lock.unlock()
                return
            }
            let tell = log.late
            log.late = nil
            log.lock.unlock()
            tell?(Self.lateAttachment(content.mediaType, after: finished()))
        }
    }

    /// What belongs to the recorder has finished (`what` names it: "scenario 'Pay' (Features/pay.feature:3)", made
    /// only when needed): an attachment made from now on — by a Task a step or hook left running — has no step to
    /// go to. It is dropped, and the first one is told to `late` (a line for stderr; cucumber-js throws "Cannot
    /// attach when a step/hook is not running"). One recorded after the last drain is told now.
    func finish(late: @escaping @Sendable (String) -> Void, what: @escaping @Sendable () -> String) {
        log.lock.lock()
        log.finished = what
        let left = log.recorded.first?.0
        log.recorded.removeAll()
        log.late = left == nil ? late : nil
        log.lock.unlock()
        if let left { late(Self.lateAttachment(left.mediaType, after: what())) }
    }

    static func lateAttachment(_ mediaType: String, after what: String) -> String {
        "specrun: an attachment (\(mediaType)) came after \(what) had finished, from work a step or hook left running "
            + "(a Task not awaited); it is dropped, as is any more from it. Await that work in the step that starts it\n"
    }

    /// Every attachment recorded so far, emptied.
    func drain(testCaseStartedId: String? = nil, testStepId: String? = nil, testRunHookStartedId: String? = nil) -> [Envelope] {
        log.lock.lock()
        // (Most code attaches nothing: no copy of the empty list for it.)
        if log.recorded.isEmpty { log.lock.unlock(); return [] }
        let taken = log.recorded
        log.recorded.removeAll()
        log.lock.unlock()
        return taken.map { content, timestamp in
            Envelope(attachment: Attachment(
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
nonisolated(nonsending) func runBoundCode(
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
