import SpecRun

/// CCK `backgrounds`: Background steps come first in every pickle.
final class BackgroundsWorld: World { init() {} }

enum BackgroundsSteps: StepLibrary {
    static func register(_ steps: inout Steps<BackgroundsWorld>) {
        steps.given("an order for {string}") { (_, _: String) in }
        steps.when("an action") { _ in }
        steps.then("an outcome") { _ in }
    }
}
