import Foundation
import XCTest

@testable import SpecRun

/// Tags above a `Background:` line: the reference's errors are kept, the first one's human message says why.
final class TaggedBackgroundHintTests: XCTestCase {
    private let feature = "Feature: F\n  @smoke\n  Background:\n    Given a passing step\n\n  Scenario: S\n    Given a passing step\n"
    private let hint = "(a Background takes no tags: move them to the Feature or the scenarios)"

    func test_run_hintsThatABackgroundTakesNoTagsOnATaggedBackground() async throws {
        let file = try makeFeature(feature)
        let console = SpyConsole()

        _ = await SpecRunCLI.run([file, "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: console)

        let lines = console.stderr.split(separator: "\n").map(String.init)
        let first = try XCTUnwrap(lines.first { $0.contains("f.feature:3:3:") }, console.stderr)
        XCTAssertTrue(first.contains("got 'Background:' \(hint)"), first)
        XCTAssertEqual(console.stderr.components(separatedBy: hint).count, 2, "once, on the first error: \(console.stderr)")
    }

    func test_gherkin_keepsTheReferenceMessageWithoutTheHintOnATaggedBackground() async throws {
        let file = try makeFeature(feature)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["gherkin", file], libraries: [], console: console)

        XCTAssertTrue(console.stdout.contains("got 'Background:'"), console.stdout)
        XCTAssertFalse(console.stdout.contains("a Background takes no tags"), console.stdout)
    }

    private func makeFeature(_ text: String) throws -> String {
        try makeFixtureFeatures(["f.feature": text]) + "/f.feature"
    }
}
