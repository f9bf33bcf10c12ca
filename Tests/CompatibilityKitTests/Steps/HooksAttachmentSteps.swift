import SpecRun

/// CCK `hooks-attachment`: Before and After hooks attach cucumber.svg from the sample folder.
final class HooksAttachmentWorld: World { init() {} }

enum HooksAttachmentSteps: StepLibrary {
    static func register(_ steps: inout Steps<HooksAttachmentWorld>) {
        steps.before { _ in
            attach(try CCK.data("hooks-attachment", "cucumber.svg"), mediaType: "image/svg+xml")
        }
        steps.when("a step passes") { _ in }
        steps.after { _ in
            attach(try CCK.data("hooks-attachment", "cucumber.svg"), mediaType: "image/svg+xml")
        }
    }
}
