import SpecRun

/// CCK `cdata`: a step whose text contains `<![CDATA[cukes]]>`.
final class CdataWorld: World { init() {} }

enum CdataSteps: StepLibrary {
    static func register(_ steps: inout Steps<CdataWorld>) {
        steps.given("I have {int} <![CDATA[cukes]]> in my belly") { (_, _: Int) in }
    }
}
