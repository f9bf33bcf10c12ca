import SpecRun

/// CCK `skipped-failing-hook`: after a SKIPPED step a failing After hook still runs and fails the run.
final class SkippedFailingHookWorld: World { init() {} }

enum SkippedFailingHookSteps: StepLibrary {
    static func register(_ steps: inout Steps<SkippedFailingHookWorld>) {
        steps.given("a step that skips") { _ in try skip() }
        steps.after { _ in throw StepError("whoops") }
    }
}
