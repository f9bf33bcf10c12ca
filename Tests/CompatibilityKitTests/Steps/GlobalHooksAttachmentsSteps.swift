import SpecRun

/// CCK `global-hooks-attachments`: attachments made in BeforeAll/AfterAll belong to the hook run.
final class GlobalHooksAttachmentsWorld: World { init() {} }

enum GlobalHooksAttachmentsSteps: StepLibrary {
    static func register(_ steps: inout Steps<GlobalHooksAttachmentsWorld>) {
        steps.beforeAll { attach("Attachment from BeforeAll hook", mediaType: "text/plain") }
        steps.when("a step passes") { _ in }
        steps.afterAll { attach("Attachment from AfterAll hook", mediaType: "text/plain") }
    }
}
