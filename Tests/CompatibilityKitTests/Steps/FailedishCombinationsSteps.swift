import SpecRun

/// CCK `failedish-combinations`: how statuses combine after the first failed-ish step.
final class FailedishCombinationsWorld: World { init() {} }

enum FailedishCombinationsSteps: StepLibrary {
    static func register(_ steps: inout Steps<FailedishCombinationsWorld>) {
        steps.given(regex: "^a step$") { _ in }
        steps.given(regex: "^a skipped step$") { _ in try skip() }
        steps.given(regex: "^a pending step$") { _ in try pending() }
        steps.given(regex: "^an ambiguous (.*?)$") { (_, _: String) in }
        steps.given(regex: "^(.*?) ambiguous step$") { (_, _: String) in }
        steps.given(regex: "^a failing step$") { _ in throw StepError("whoops") }
    }
}
