import SpecRun

/// CCK `multiple-features`: three feature files in one run.
final class MultipleFeaturesWorld: World { init() {} }

enum MultipleFeaturesSteps: StepLibrary {
    static func register(_ steps: inout Steps<MultipleFeaturesWorld>) {
        steps.given("an order for {string}") { (_, _: String) in }
    }
}
