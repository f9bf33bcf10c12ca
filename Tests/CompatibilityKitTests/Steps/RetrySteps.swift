import SpecRun

/// CCK `retry` (run with `--retry 2`): steps that pass on their second or third call, or never.
final class RetryWorld: World { init() {} }

enum RetrySteps: StepLibrary {
    /// Calls across the whole run; reset before each run of the sample.
    static let calls = CallCounter()

    static func register(_ steps: inout Steps<RetryWorld>) {
        steps.given("a step that always passes") { _ in }
        steps.given("a step that passes the second time") { _ in
            if calls.next("second") < 2 { throw StepError("Exception in step") }
        }
        steps.given("a step that passes the third time") { _ in
            if calls.next("third") < 3 { throw StepError("Exception in step") }
        }
        steps.given("a step that always fails") { _ in throw StepError("Exception in step") }
    }
}
