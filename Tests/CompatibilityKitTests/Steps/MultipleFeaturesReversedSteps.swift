import SpecRun

/// CCK `multiple-features-reversed`: the same three features run with `--order reverse`.
final class MultipleFeaturesReversedWorld: World { init() {} }

enum MultipleFeaturesReversedSteps: StepLibrary {
    static func register(_ steps: inout Steps<MultipleFeaturesReversedWorld>) {
        steps.given("an order for {string}") { (_, _: String) in }
    }
}
