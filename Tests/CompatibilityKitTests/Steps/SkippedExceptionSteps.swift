import SpecRun

/// CCK `skipped-exception`: SKIPPED with a reason (message and exception).
final class SkippedExceptionWorld: World { init() {} }

enum SkippedExceptionSteps: StepLibrary {
    static func register(_ steps: inout Steps<SkippedExceptionWorld>) {
        steps.given("I skip a step") { _ in try skip("skipping") }
    }
}
