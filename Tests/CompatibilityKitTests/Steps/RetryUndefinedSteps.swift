import SpecRun

/// CCK `retry-undefined`: an UNDEFINED test case is not retried; no support code on purpose.
final class RetryUndefinedWorld: World { init() {} }

enum RetryUndefinedSteps: StepLibrary {
    static func register(_ steps: inout Steps<RetryUndefinedWorld>) {}
}
