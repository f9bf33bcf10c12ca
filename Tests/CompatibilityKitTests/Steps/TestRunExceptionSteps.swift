import SpecRun

/// CCK `test-run-exception`: the run aborts before any test case (the sample's `--error` switch).
final class TestRunExceptionWorld: World { init() {} }

enum TestRunExceptionSteps: StepLibrary {
    static func register(_ steps: inout Steps<TestRunExceptionWorld>) {
        steps.given("a step") { _ in }
    }
}
