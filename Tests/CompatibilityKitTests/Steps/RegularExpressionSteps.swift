import SpecRun

/// CCK `regular-expression`: optional capture groups that may not take part in the match.
final class RegularExpressionWorld: World { init() {} }

enum RegularExpressionSteps: StepLibrary {
    static func register(_ steps: inout Steps<RegularExpressionWorld>) {
        steps.given(regex: "^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$") { (_, _: String, _: String?, _: String?) in }
    }
}
