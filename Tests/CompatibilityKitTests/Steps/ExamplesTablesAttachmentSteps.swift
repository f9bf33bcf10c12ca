import SpecRun

/// CCK `examples-tables-attachment`: each Examples row attaches a different image from the sample folder.
final class ExamplesTablesAttachmentWorld: World { init() {} }

enum ExamplesTablesAttachmentSteps: StepLibrary {
    static func register(_ steps: inout Steps<ExamplesTablesAttachmentWorld>) {
        steps.when("a JPEG image is attached") { _ in
            attach(try CCK.data("examples-tables-attachment", "cucumber.jpeg"), mediaType: "image/jpeg")
        }
        steps.when("a PNG image is attached") { _ in
            attach(try CCK.data("examples-tables-attachment", "cucumber.png"), mediaType: "image/png")
        }
    }
}
