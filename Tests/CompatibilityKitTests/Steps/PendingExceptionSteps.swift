import SpecRun

/// CCK `pending-exception`: PENDING with a reason (message and exception).
final class PendingExceptionWorld: World { init() {} }

enum PendingExceptionSteps: StepLibrary {
    static func register(_ steps: inout Steps<PendingExceptionWorld>) {
        steps.given("an unimplemented pending step") { _ in try pending("TODO") }
    }
}
