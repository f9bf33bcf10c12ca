import SpecRun

/// CCK `global-hooks`: BeforeAll/AfterAll hooks run once around the run (AfterAll in reverse order).
final class GlobalHooksWorld: World { init() {} }

enum GlobalHooksSteps: StepLibrary {
    static func register(_ steps: inout Steps<GlobalHooksWorld>) {
        steps.beforeAll {}
        steps.beforeAll {}
        steps.when("a step passes") { _ in }
        steps.when("a step fails") { _ in throw StepError("Exception in step") }
        steps.afterAll {}
        steps.afterAll {}
    }
}
