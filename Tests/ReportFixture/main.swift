import Foundation
import SpecRun

// A step library for the report tests (Tests/SpecRunTests/Report*Tests.swift, the property test of
// ReportsAgreeProperty): every outcome a step or a run-level hook can have — pass, fail, pending, undefined (no
// definition), crash, exit, hang past --timeout — and BeforeAll/AfterAll hooks that fail or hang when
// SPECRUN_REPORT_FIXTURE_HOOKS asks (a comma list of before-pass, before-fail, before-hang, after-fail, after-hang). Not part of
// specrun itself.

final class ReportWorld: World {
    required init() {}
}

enum ReportSteps: StepLibrary {
    static func register(_ steps: inout Steps<ReportWorld>) {
        let hooks = Set((ProcessInfo.processInfo.environment["SPECRUN_REPORT_FIXTURE_HOOKS"] ?? "").split(separator: ",").map(String.init))
        if hooks.contains("before-pass") { steps.beforeAll(name: "warm up") {} }
        if hooks.contains("before-fail") { steps.beforeAll(name: "seed the store") { throw fail("the store is down") } }
        if hooks.contains("before-hang") { steps.beforeAll(name: "wait for the store") { while true { sleep(1) } } }
        if hooks.contains("after-fail") { steps.afterAll(name: "clean the store") { throw fail("could not clean") } }
        if hooks.contains("after-hang") { steps.afterAll(name: "drain the store") { while true { sleep(1) } } }
        steps.given("step {int} passes") { (_: ReportWorld, _: Int) in }
        steps.given("step {int} fails") { (_: ReportWorld, number: Int) in throw fail("step \(number) broke") }
        steps.given("step {int} is pending") { (_: ReportWorld, _: Int) in try pending("later") }
        steps.given("step {int} crashes") { (_: ReportWorld, _: Int) in fatalError("the fixture gives up") }
        steps.given("step {int} exits") { (_: ReportWorld, _: Int) in exit(3) }
        steps.given("step {int} hangs") { (_: ReportWorld, _: Int) in while true { sleep(1) } }
        steps.given("step {int} changes the working folder") { (_: ReportWorld, _: Int) in
            _ = FileManager.default.changeCurrentDirectoryPath(NSTemporaryDirectory())
        }
    }
}

await SpecRunCLI.main(libraries: [ReportSteps.self])
