import SpecRun

/// CCK `global-hooks-beforeall-error`: a failing BeforeAll hook stops every test case; all hooks still run.
final class GlobalHooksBeforeallErrorWorld: World { init() {} }

enum GlobalHooksBeforeallErrorSteps: StepLibrary {
    static func register(_ steps: inout Steps<GlobalHooksBeforeallErrorWorld>) {
        steps.beforeAll {}
        steps.beforeAll { throw StepError("BeforeAll hook went wrong") }
        steps.beforeAll {}
        steps.when("a step passes") { _ in }
        steps.afterAll {}
        steps.afterAll {}
    }
}
