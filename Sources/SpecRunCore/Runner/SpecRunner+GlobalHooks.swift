import Messages

extension SpecRunner {
    /// BeforeAll hooks in order, AfterAll hooks in reverse; every one runs. Returns whether all passed.
    /// A dry run runs none of them and reports nothing for them (as cucumber-js).
    func runGlobalHooks(
        _ kind: HookKind, _ registry: StepRegistry, runId: String, root: String, success: inout Bool,
        emit: (Envelope) -> Void
    ) async -> Bool {
        guard !configuration.dryRun else { return true }
        var allPassed = true
        let recorder = AttachmentRecorder(clock: clock, worldParameters: configuration.worldParameters)
        for hook in registry.hooks(kind, for: []) {
            let started = TestRunHookStarted(
                id: runIds.newId(), testRunStartedId: runId, hookId: hook.id,
                timestamp: clock.timestamp())
            emit(Envelope(testRunHookStarted: started))
            let outcome = await runUserCode(recorder: recorder, location: hook.code.location, root: root, step: { nil }) {
                try await hook.code.invoke(nil)
            }
            recorder.drain(testRunHookStartedId: started.id).forEach(emit)
            let finished = clock.timestamp()
            let duration = Duration(from: started.timestamp, to: finished)
            emit(
                Envelope(
                    testRunHookFinished: TestRunHookFinished(
                        testRunHookStartedId: started.id, result: outcome.result(duration: duration), timestamp: finished)))
            if outcome.status != .passed && outcome.status != .skipped {
                allPassed = false
                success = false
            }
        }
        if let lateAttachment {
            let hooks =
                switch kind {
                case .beforeAll: "the BeforeAll hooks"
                case .beforeFeature: "the BeforeFeature hooks"
                case .afterFeature: "the AfterFeature hooks"
                default: "the AfterAll hooks"
                }
            recorder.finish(late: lateAttachment) { hooks }
        }
        return allPassed
    }
}
