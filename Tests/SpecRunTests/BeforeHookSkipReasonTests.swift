import Foundation
import XCTest

@testable import SpecRun

/// A Before hook tagged `@later` skips its scenarios with a reason; another step skips with its own.
enum SkippingHookSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.before(tags: "@later") { _ in try skip("the payment sandbox is down") }
        steps.given("a step that runs") { _ in }
    }
}

final class BeforeHookSkipReasonTests: XCTestCase {
    func test_pretty_showsTheReasonUnderTheHookOnAScenarioSkippedByABeforeHook() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-hookskip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let feature = "Feature: F\n  @later\n  Scenario: S\n    Given a step that runs\n\n  Scenario: T\n    Given a step that runs\n"
        try feature.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            [folder.path, "--no-isolation", "--no-color", "--format", "pretty"], libraries: [SkippingHookSteps.self],
            console: console)

        let lines = console.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let reason = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("the payment sandbox is down") }, console.stdout)
        XCTAssertTrue(lines[reason - 1].contains("↷ Before"), console.stdout)
        XCTAssertEqual(lines.filter { $0.contains("↷ Before") }.count, 1, "the scenario that ran shows no hook: \(console.stdout)")
    }
}
