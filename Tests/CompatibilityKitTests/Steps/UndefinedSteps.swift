import SpecRun

/// CCK `undefined`: undefined steps get suggestions; later defined steps are SKIPPED.
final class UndefinedWorld: World { init() {} }

enum UndefinedSteps: StepLibrary {
    static func register(_ steps: inout Steps<UndefinedWorld>) {
        steps.given("an implemented step") { _ in }
        steps.given("a step that will be skipped") { _ in }
    }
}
