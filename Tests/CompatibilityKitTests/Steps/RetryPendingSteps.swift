import SpecRun

/// CCK `retry-pending`: a PENDING test case is not retried.
final class RetryPendingWorld: World { init() {} }

enum RetryPendingSteps: StepLibrary {
    static func register(_ steps: inout Steps<RetryPendingWorld>) {
        steps.given("a pending step") { _ in try pending() }
    }
}
