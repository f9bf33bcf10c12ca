import SpecRun

// A step library whose steps crash the process, for the end-to-end tests of process isolation
// (Tests/SpecRunTests/IsolationEndToEndTests.swift). Not part of specrun itself.

final class CrashWorld: World {
    var missing: Int?
    required init() {}
}

enum CrashSteps: StepLibrary {
    static func register(_ steps: inout Steps<CrashWorld>) {
        steps.given("a passing step") { _ in }
        steps.given("a failing step") { _ in throw fail("it broke") }
        steps.when("a step force-unwraps nil") { world in _ = world.missing! + 1 }
        steps.when("a step calls fatalError") { _ in fatalError("the fixture gives up") }
        steps.when("a slow step") { _ in try await Task.sleep(nanoseconds: 5_000_000_000) }
    }
}

await SpecRunCLI.main(libraries: [CrashSteps.self])
