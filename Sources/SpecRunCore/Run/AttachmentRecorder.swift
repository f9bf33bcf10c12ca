import Foundation
import Messages

/// Collects what the running code attaches (through `StepContext`), stamped by the clock, so the runner
/// can emit the attachment messages between the step's started and finished messages.
final class AttachmentRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(AttachmentContent, Timestamp)] = []
    private let clock: any RunClock
    private var currentScenario: ScenarioContext?

    /// The scenario handed to the code run next (set by the test case runner).
    var scenario: ScenarioContext? {
        get { lock.lock(); defer { lock.unlock() }; return currentScenario }
        set { lock.lock(); currentScenario = newValue; lock.unlock() }
    }

    init(clock: any RunClock) {
        self.clock = clock
    }

    var context: StepContext {
        StepContext(scenario: scenario) { [self] content in
            let timestamp = clock.timestamp()
            lock.lock(); defer { lock.unlock() }
            recorded.append((content, timestamp))
        }
    }

    /// Every attachment recorded so far, emptied.
    func drain(testCaseStartedId: String? = nil, testStepId: String? = nil, testRunHookStartedId: String? = nil) -> [Envelope] {
        lock.lock()
        let taken = recorded
        recorded.removeAll()
        lock.unlock()
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
func runUserCode(
    recorder: AttachmentRecorder, location: SourceLocation, root: String?, step: () -> String?,
    _ body: () async throws -> Void
) async -> CodeOutcome {
    do {
        try await StepContext.$current.withValue(recorder.context) {
            try await body()
        }
        return .passed
    } catch {
        return CodeOutcome(error: error, definedAt: location.relative(to: root), step: step(), root: root)
    }
}
