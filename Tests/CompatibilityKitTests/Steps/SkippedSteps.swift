import SpecRun

/// CCK `skipped`: a step skips itself; later steps are SKIPPED and the run still passes.
final class SkippedWorld: World { init() {} }

enum SkippedSteps: StepLibrary {
    static func register(_ steps: inout Steps<SkippedWorld>) {
        steps.given("a step that does not skip") { _ in }
        steps.given("a step that is skipped") { _ in }
        steps.given("I skip a step") { _ in try skip() }
    }
}
