import SpecRun

/// CCK `retry-ambiguous`: an AMBIGUOUS test case (two identical expressions) is not retried.
final class RetryAmbiguousWorld: World { init() {} }

enum RetryAmbiguousSteps: StepLibrary {
    static func register(_ steps: inout Steps<RetryAmbiguousWorld>) {
        steps.given("an ambiguous step") { _ in }
        steps.given("an ambiguous step") { _ in }
    }
}
