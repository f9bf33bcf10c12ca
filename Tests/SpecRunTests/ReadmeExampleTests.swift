import Foundation
import Messages
import SpecRun
import XCTest

/// The step library shown in docs/writing-steps.md is `ReadmeExample.swift`, compiled here and run against a
/// feature, and README.md's short one ("Writing a step") shows its steps, so neither can drift from what compiles
/// and works.
final class ReadmeExampleTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func test_writingStepsPage_showsExactlyTheCompiledExample() throws {
        let page = try String(contentsOf: root.appendingPathComponent("docs/writing-steps.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Tests/SpecRunTests/ReadmeExample.swift"), encoding: .utf8)
        XCTAssertTrue(
            page.contains("```swift\n" + example + "```\n"),
            "docs/writing-steps.md's step library example differs from Tests/SpecRunTests/ReadmeExample.swift: keep them identical")
    }

    func test_readme_showsStepsOfTheCompiledExample() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Tests/SpecRunTests/ReadmeExample.swift"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## Writing a step").dropFirst().first)
        let steps = section.components(separatedBy: "\n## ")[0].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("steps.") }
        XCTAssertEqual(steps.count, 3, "README.md's short example registers three steps")
        for step in steps { XCTAssertTrue(example.contains(step), "README.md's '\(step)' is not in ReadmeExample.swift") }
    }

    func test_readmeExample_passesEveryStepKindOnItsFeature() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feature = """
            @basket @logged
            Feature: Basket
              Scenario: adding
                Given the basket is empty
                When I add 2 "apples"
                Then the basket holds 2 "apples"
                And the basket has 1 kind of item
                And the shop is open

              Scenario: a table and a note
                Given these items:
                  | item  | count |
                  | pears | 3     |
                  | plums | 1     |
                And the note:
                  \"\"\"
                  fragile
                  \"\"\"
                Then the basket has 2 kinds of items
            """
        try feature.write(to: folder.appendingPathComponent("basket.feature"), atomically: true, encoding: .utf8)
        let runner = SpecRunner(
            libraries: [BasketSteps.self], configuration: RunConfiguration(paths: [folder.path]),
            ids: IncrementingIdGenerator())
        var attachments: [String] = []
        let summary = try await runner.run { envelope in
            if let attachment = envelope.attachment { attachments.append(attachment.body) }
        }
        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 2))
        XCTAssertEqual(summary.steps.passed, 8)
        XCTAssertEqual(attachments, ["before", "before"], "the tagged Before hook ran and the After hook attached its log")
    }
}
