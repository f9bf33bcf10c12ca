import SpecRun

/// CCK `minimal`: one passing step with an {int}.
final class MinimalWorld: World { init() {} }

enum MinimalSteps: StepLibrary {
    static func register(_ steps: inout Steps<MinimalWorld>) {
        steps.given("I have {int} cukes in my belly") { (_, _: Int) in }
    }
}
