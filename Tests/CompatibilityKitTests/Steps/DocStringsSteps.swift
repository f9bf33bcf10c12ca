import SpecRun

/// CCK `doc-strings`: doc strings with """ and ``` delimiters and a media type.
final class DocStringsWorld: World { init() {} }

enum DocStringsSteps: StepLibrary {
    static func register(_ steps: inout Steps<DocStringsWorld>) {
        steps.given("a doc string:") { (_, _: String) in }
    }
}
