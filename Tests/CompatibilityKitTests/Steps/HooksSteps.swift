import SpecRun

/// CCK `hooks`: untagged Before/After hooks around every scenario; After runs after a failure too.
final class HooksWorld: World { init() {} }

enum HooksSteps: StepLibrary {
    static func register(_ steps: inout Steps<HooksWorld>) {
        steps.before { _ in }
        steps.when("a step passes") { _ in }
        steps.when("a step fails") { _ in throw StepError("Exception in step") }
        steps.after { _ in }
    }
}
