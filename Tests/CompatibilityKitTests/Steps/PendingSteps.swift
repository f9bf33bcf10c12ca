import SpecRun

/// CCK `pending`: a step reports PENDING; later steps are SKIPPED.
final class PendingWorld: World { init() {} }

enum PendingSteps: StepLibrary {
    static func register(_ steps: inout Steps<PendingWorld>) {
        steps.given("an implemented non-pending step") { _ in }
        steps.given("an implemented step that is skipped") { _ in }
        steps.given("an unimplemented pending step") { _ in try pending() }
    }
}
