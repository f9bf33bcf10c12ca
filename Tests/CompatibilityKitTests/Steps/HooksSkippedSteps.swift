import SpecRun

/// CCK `hooks-skipped`: skipping from steps, Before hooks and After hooks.
final class HooksSkippedWorld: World { init() {} }

enum HooksSkippedSteps: StepLibrary {
    static func register(_ steps: inout Steps<HooksSkippedWorld>) {
        steps.before { _ in }
        steps.before(tags: "@skip-before") { _ in try skip() }
        steps.before { _ in }
        steps.given("a normal step") { _ in }
        steps.given("a step that skips") { _ in try skip() }
        steps.after { _ in }
        steps.after(tags: "@skip-after") { _ in try skip() }
        steps.after { _ in }
    }
}
