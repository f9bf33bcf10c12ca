import Foundation
import XCTest

@testable import SpecRun

/// `--wip`: a work-in-progress run fails when any scenario passes and passes when none does.
final class WipRunTests: XCTestCase {
    func test_wip_failsTheRunNamingTheScenarioThatPassed() async throws {
        let folder = try makeFeatures(
            "Feature: F\n  Scenario: done already\n    Given the customer has connectivity\n  Scenario: not yet\n    Given nobody wrote this\n"
        )
        let console = SpyConsole()

        let code = await SpecRunCLI.run([folder, "--wip", "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 1)
        XCTAssertTrue(console.stderr.contains("--wip: 1 scenario(s) passed"), console.stderr)
        XCTAssertTrue(console.stderr.contains("'done already'"), console.stderr)
        XCTAssertFalse(console.stderr.contains("'not yet'"), console.stderr)
    }

    func test_wip_passesTheRunOnNoScenarioPassing() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: not yet\n    Given nobody wrote this\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run([folder, "--wip", "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertFalse(console.stderr.contains("--wip:"), console.stderr)
    }

    private func makeFeatures(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-wip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        return folder.path
    }
}
