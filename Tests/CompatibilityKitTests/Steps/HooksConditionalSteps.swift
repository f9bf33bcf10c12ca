import SpecRun

/// CCK `hooks-conditional`: hooks filtered by tag expressions; failing Before and After hooks.
final class HooksConditionalWorld: World { init() {} }

enum HooksConditionalSteps: StepLibrary {
    static func register(_ steps: inout Steps<HooksConditionalWorld>) {
        steps.before(tags: "@passing-hook") { _ in }
        steps.before(tags: "@fail-before") { _ in throw StepError("Exception in conditional hook") }
        steps.when("a step passes") { _ in }
        steps.after(tags: "@fail-after") { _ in throw StepError("Exception in conditional hook") }
        steps.after(tags: "@passing-hook") { _ in }
    }
}
