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
            log.lock.lock(); defer { log.lock.unlock() }
            log.recorded.append((content, timestamp))
        }
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
