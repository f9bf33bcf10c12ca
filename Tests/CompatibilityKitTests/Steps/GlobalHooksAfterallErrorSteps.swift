import SpecRun

/// CCK `global-hooks-afterall-error`: a failing AfterAll hook fails the run; the others still run.
final class GlobalHooksAfterallErrorWorld: World { init() {} }

enum GlobalHooksAfterallErrorSteps: StepLibrary {
    static func register(_ steps: inout Steps<GlobalHooksAfterallErrorWorld>) {
        steps.beforeAll {}
        steps.beforeAll {}
        steps.when("a step passes") { _ in }
        steps.afterAll {}
        steps.afterAll { throw StepError("AfterAll hook went wrong") }
        steps.afterAll {}
    }
}
