import SpecRun

/// CCK `hooks-undefined`: hooks still run around an undefined step.
final class HooksUndefinedWorld: World { init() {} }

enum HooksUndefinedSteps: StepLibrary {
    static func register(_ steps: inout Steps<HooksUndefinedWorld>) {
        steps.before { _ in }
        steps.after { _ in }
    }
}
