import SpecRun

/// CCK `hooks-named`: hook names travel in the hook messages.
final class HooksNamedWorld: World { init() {} }

enum HooksNamedSteps: StepLibrary {
    static func register(_ steps: inout Steps<HooksNamedWorld>) {
        steps.before(name: "A named before hook") { _ in }
        steps.when("a step passes") { _ in }
        steps.after(name: "A named after hook") { _ in }
    }
}
