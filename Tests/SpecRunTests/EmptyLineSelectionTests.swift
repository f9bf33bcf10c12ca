import Foundation
import XCTest

@testable import SpecRun

/// `specrun check FILE:LINE` and `specrun snippets FILE:LINE` on a line that selects no scenario say so as a run
/// does (what the line is, and where the file's scenarios are), instead of a clean bill of health.
final class EmptyLineSelectionTests: XCTestCase {
    private let feature = "Feature: F\n  Background:\n    Given a passing step\n\n  Scenario: S\n    Given the customer has connectivity\n"

    func test_check_namesTheLineAndExitsFourWithoutUnusedWarningsOnALineSelectingNoScenario() async throws {
        let file = try makeFeature(feature)
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["check", file + ":3"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 4, console.stderr)
        XCTAssertTrue(
            console.stderr.contains(
                "f.feature:3 is a Background's line (its steps belong to every scenario after it) and selects no scenario; "
                    + "its scenarios and example rows are at lines 5"), console.stderr)
        XCTAssertFalse(console.stdout.contains("is used by no scenario"), console.stdout)
    }

    func test_check_stillWarnsOfUnusedDefinitionsOnALineSelectingAScenario() async throws {
        let file = try makeFeature(feature)
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["check", file + ":5"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 1, "'a passing step' is ambiguous: \(console.stdout)")
        XCTAssertTrue(console.stdout.contains("step definition 'nobody uses me' is used by no scenario"), console.stdout)
        XCTAssertFalse(console.stderr.contains("selects no scenario"), console.stderr)
    }

    func test_snippets_namesTheLineAndExitsFourOnALineSelectingNoScenario() async throws {
        let file = try makeFeature(feature)
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["snippets", file + ":40"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 4, console.stderr)
        XCTAssertTrue(
            console.stderr.contains(
                "f.feature:40 is past the end of the file (6 lines); its scenarios and example rows are at lines 5"),
            console.stderr)
        XCTAssertFalse(console.stderr.contains("has a definition"), console.stderr)
    }

    func test_snippets_namesTheLineButExitsZeroOnAnotherLineSelectingAScenario() async throws {
        let file = try makeFeature(feature)
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["snippets", file + ":40", file + ":5"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 0, console.stderr)
        XCTAssertTrue(console.stderr.contains("f.feature:40 is past the end of the file"), console.stderr)
    }

    private func makeFeature(_ text: String) throws -> String {
        try makeFixtureFeatures(["f.feature": text]) + "/f.feature"
    }
}
