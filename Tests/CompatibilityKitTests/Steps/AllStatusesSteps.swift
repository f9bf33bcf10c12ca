import SpecRun

/// CCK `all-statuses`: one step per status (passed, failed, pending, skipped, ambiguous; undefined has none).
final class AllStatusesWorld: World { init() {} }

enum AllStatusesSteps: StepLibrary {
    static func register(_ steps: inout Steps<AllStatusesWorld>) {
        steps.given(regex: "^a step$") { _ in }
        steps.given(regex: "^a failing step$") { _ in throw StepError("whoops") }
        steps.given(regex: "^a pending step$") { _ in try pending() }
        steps.given(regex: "^a skipped step$") { _ in try skip() }
        steps.given(regex: "^an ambiguous (.*?)$") { (_, _: String) in }
        steps.given(regex: "^(.*?) ambiguous step$") { (_, _: String) in }
    }
}
