import SpecRun

/// CCK `empty`: a scenario without steps; no support code at all.
final class EmptyWorld: World { init() {} }

enum EmptySteps: StepLibrary {
    static func register(_ steps: inout Steps<EmptyWorld>) {}
}
