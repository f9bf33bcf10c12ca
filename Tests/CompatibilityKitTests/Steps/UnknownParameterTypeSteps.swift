import SpecRun

/// CCK `unknown-parameter-type`: a definition using the undefined {airport} type is reported, not registered.
final class UnknownParameterTypeWorld: World { init() {} }

enum UnknownParameterTypeSteps: StepLibrary {
    static func register(_ steps: inout Steps<UnknownParameterTypeWorld>) {
        steps.given("{airport} is closed because of a strike") { (_, _: String) in
            throw StepError("Should not be called because airport parameter type has not been defined")
        }
    }
}
