import SpecRun

/// CCK `unused-steps`: a definition that no step uses is still reported.
final class UnusedStepsWorld: World { init() {} }

enum UnusedStepsSteps: StepLibrary {
    static func register(_ steps: inout Steps<UnusedStepsWorld>) {
        steps.given("a step that is used") { _ in }
        steps.given("a step that is not used") { _ in }
    }
}
