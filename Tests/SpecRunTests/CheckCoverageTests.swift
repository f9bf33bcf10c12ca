import Foundation
import XCTest

@testable import SpecRun

enum MisfitSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("a passing step") { _ in }
        steps.given("{int} cukes") { (_, count: Bool) in _ = count }
        steps.given("the note:") { _ in }
        steps.given("I have {int} apples") { (_, count: Int) in _ = count }
    }
}

final class CheckCoverageTests: XCTestCase {
    func test_check_warnsOnCriteriaWithoutScenarioAndTagsNamingNoCriterion() async throws {
        let folder = try makeSUT()
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            ["check", folder + "/f.feature", "--requirements", folder + "/Requirements"],
            libraries: [MisfitSteps.self], console: console)

        XCTAssertEqual(code, 1, console.stdout)  // the misfits are errors
        let lines = console.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.hasSuffix(
                    "f.feature:4:3: warning: tag @SHOP-ST-1-AC-3 names no criterion of the requirements (did you mean @SHOP-ST-1-AC-1?)")
            }, console.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.hasSuffix(
                    "Requirements/shop.md:7:1: warning: criterion SHOP-ST-1-AC-2 'it works too' has no scenario (tag one with @SHOP-ST-1-AC-2)"
                )
            }, console.stdout)
        XCTAssertFalse(console.stdout.contains("@SHOP-DEC-1"), console.stdout)
    }

    func test_check_warnsAtTheLineAndColumnOnIdsTheStoryDocumentsGiveWrong() async throws {
        let folder = try makeSUT(misfits: false)
        try "# Shop\n\n```\nGiven a passing step\nThen it works\n\n@SHOP-9 @SHOP-10\nGiven a passing step\nThen it works too\n```\n"
            .write(toFile: folder + "/Requirements/shop.md", atomically: true, encoding: .utf8)
        try "# Rules\n\n| Story Id | RULES-1 |\n\n### Criteria Id\n\nRULES-1-AC-1 draft\n\n### Given\n\na passing step\n"
            .write(toFile: folder + "/Requirements/rules.md", atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(
            ["check", folder + "/f.feature", "--requirements", folder + "/Requirements"], libraries: [MisfitSteps.self],
            console: console)

        let lines = console.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.hasSuffix(
                    "Requirements/shop.md:7:9: warning: '@SHOP-10' after @SHOP-9 is not read: an id line holds one id (put each criterion's id alone on the line right above its first step)"
                )
            }, console.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.hasSuffix(
                    "Requirements/rules.md:7:14: warning: 'draft' after the id RULES-1-AC-1 is not read (write the id alone under 'Criteria Id'; words about it go under a 'Scenario' heading)"
                )
            }, console.stdout)
    }

    func test_check_reportsErrorsOnStepsWhoseValuesDoNotFitTheirClosure() async throws {
        let folder = try makeSUT()
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder + "/f.feature", "--no-requirements"], libraries: [MisfitSteps.self], console: console)

        let lines = console.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.contains("f.feature:6:5: error: step '3 cukes' does not fit its step definition \"{int} cukes\"")
                    && $0.contains("argument 1 is declared as Bool")
            }, console.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.contains("f.feature:7:5: error: step 'the note:' does not fit its step definition \"the note:\"")
                    && $0.contains("takes 0 argument(s)")
            }, console.stdout)
    }

    func test_check_namesTheDefinitionOnAValueItsParameterTypeCannotHold() async throws {
        let folder = try makeSUT(misfits: false)
        try "Feature: Big\n  Scenario: s\n    Given I have 99999999999999999999 apples\n"
            .write(toFile: folder + "/big.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder + "/big.feature", "--no-requirements"], libraries: [MisfitSteps.self], console: console)

        let line = console.stdout.split(separator: "\n").first { $0.contains("big.feature:3:5: error:") } ?? ""
        XCTAssertTrue(
            line.contains("step 'I have 99999999999999999999 apples' does not fit its step definition \"I have {int} apples\" ("),
            console.stdout)
        XCTAssertTrue(line.contains("can not be represented as Int"), console.stdout)
    }

    func test_check_failsOnUncoveredCriteriaUnderStrictCoverageAsGitHubAnnotations() async throws {
        let folder = try makeSUT(misfits: false)
        let console = SpyConsole()

        let lenient = await SpecRunCLI.run(
            ["check", folder + "/f.feature", "--requirements", folder + "/Requirements"],
            libraries: [MisfitSteps.self], console: SpyConsole())
        let strict = await SpecRunCLI.run(
            [
                "check", folder + "/f.feature", "--requirements", folder + "/Requirements",
                "--strict-coverage", "--format", "github",
            ], libraries: [MisfitSteps.self], console: console)

        XCTAssertEqual(lenient, 0)
        XCTAssertEqual(strict, 1)
        XCTAssertTrue(
            console.stdout.contains("::error file=\(folder)/Requirements/shop.md,line=7,col=1::criterion SHOP-ST-1-AC-2"), console.stdout)
    }

    func test_dryRun_failsTheStepOnValuesThatDoNotFitTheClosure() async throws {
        let folder = try makeSUT()
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder + "/f.feature", "--dry-run", "--no-requirements", "--format", "summary"],
            libraries: [MisfitSteps.self], console: console)

        XCTAssertEqual(code, 1)
        XCTAssertTrue(console.stdout.contains("1 failed"), console.stdout)
    }

    func test_dryRun_failsAStepWhoseDocStringTheClosureDoesNotTake() async throws {
        let folder = try makeSUT(misfits: false)
        try "Feature: Shop\n  Scenario: note\n    Given the note:\n      \"\"\"\n      text\n      \"\"\"\n"
            .write(toFile: folder + "/note.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder + "/note.feature", "--dry-run", "--no-requirements", "--format", "summary"],
            libraries: [MisfitSteps.self], console: console)

        XCTAssertEqual(code, 1, console.stdout)
        XCTAssertTrue(console.stdout.contains("1 failed"), console.stdout)
    }

    // MARK: - Helpers

    private func makeSUT(misfits: Bool = true) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-check-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Requirements"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let broken = misfits ? "    Given 3 cukes\n    And the note:\n      \"\"\"\n      text\n      \"\"\"\n" : ""
        try ("Feature: Shop\n  @SHOP-ST-1-AC-1 @SHOP-DEC-1\n  Scenario: works\n  @SHOP-ST-1-AC-3\n  Scenario: typo\n" + broken)
            .write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        try "# Shop\n\n```\nGiven a passing step\nThen it works\n\nGiven a passing step\nThen it works too\n```\n"
            .write(to: folder.appendingPathComponent("Requirements/shop.md"), atomically: true, encoding: .utf8)
        return folder.path
    }
}
