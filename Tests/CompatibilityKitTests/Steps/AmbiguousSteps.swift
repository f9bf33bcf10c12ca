import SpecRun

/// CCK `ambiguous`: two different regular expressions match the same step.
final class AmbiguousWorld: World { init() {} }

enum AmbiguousSteps: StepLibrary {
    static func register(_ steps: inout Steps<AmbiguousWorld>) {
        steps.given(regex: "^a (.*?) with (.*?)$") { (_, _: String, _: String) in }
        steps.given(regex: "^a step with (.*?)$") { (_, _: String) in }
    }
}
