import SpecRun

/// CCK `undefined-multiple`: every undefined step keeps UNDEFINED and gets its own suggestion.
final class UndefinedMultipleWorld: World { init() {} }

enum UndefinedMultipleSteps: StepLibrary {
    static func register(_ steps: inout Steps<UndefinedMultipleWorld>) {
        steps.given("an implemented step") { _ in }
        steps.given("a step that will be skipped") { _ in }
    }
}
