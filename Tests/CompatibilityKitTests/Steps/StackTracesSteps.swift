import SpecRun

/// CCK `stack-traces`: a failing step reports an exception with a stack trace.
final class StackTracesWorld: World { init() {} }

enum StackTracesSteps: StepLibrary {
    static func register(_ steps: inout Steps<StackTracesWorld>) {
        steps.when("a step throws an exception") { _ in throw StepError("BOOM") }
    }
}
