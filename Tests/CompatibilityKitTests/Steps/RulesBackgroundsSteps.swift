import SpecRun

/// CCK `rules-backgrounds`: feature and rule Backgrounds joined in order.
final class RulesBackgroundsWorld: World { init() {} }

enum RulesBackgroundsSteps: StepLibrary {
    static func register(_ steps: inout Steps<RulesBackgroundsWorld>) {
        steps.given("an order for {string}") { (_, _: String) in }
        steps.when("an action") { _ in }
        steps.then("an outcome") { _ in }
    }
}
