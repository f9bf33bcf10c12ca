import Foundation
import XCTest

@testable import SpecRun

enum CheckSteps: StepLibrary {
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("the customer has connectivity") { _ in }
        steps.given("a {word} step") { (_, _: String) in }
        steps.given("a passing step") { _ in }
        steps.given("nobody uses me") { _ in }
    }
}

/// A library scoped to `@quiz`: its steps match only in scenarios tagged so.
enum ScopedCheckSteps: StepLibrary {
    static let scope: String? = "@quiz"
    static func register(_ steps: inout Steps<CLITestWorld>) {
        steps.given("the quiz starts") { _ in }
    }
}

final class CheckCommandTests: XCTestCase {
    func test_check_namesTheScopeAStepNeedsOnAStepMatchedOnlyOutsideItsScope() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the quiz starts\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self, ScopedCheckSteps.self], console: console)

        XCTAssertEqual(code, 1)
        XCTAssertTrue(
            console.stdout.contains(
                "f.feature:3:5: error: undefined step 'the quiz starts' in this scenario: 'the quiz starts' at Tests/SpecRunTests/CheckCommandTests.swift:"
            ), console.stdout)
        XCTAssertTrue(console.stdout.contains("its library is scoped to '@quiz', which this scenario's tags do not match"), console.stdout)
        XCTAssertFalse(console.stdout.contains("did you mean"), console.stdout)
    }

    func test_run_namesTheScopeAStepNeedsInItsResultOnAStepMatchedOnlyOutsideItsScope() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the quiz starts\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder, "--no-color", "--format", "pretty", "--format", "junit:\(folder)/j.xml"],
            libraries: [CheckSteps.self, ScopedCheckSteps.self], console: console)

        XCTAssertEqual(code, 1)
        let scope = "its library is scoped to '@quiz', which this scenario's tags do not match"
        XCTAssertTrue(console.stdout.contains(scope), console.stdout)
        XCTAssertTrue(try String(contentsOfFile: "\(folder)/j.xml", encoding: .utf8).contains(scope), "in the reports too")
    }

    func test_check_listsUndefinedWithTheNearestDefinitionAmbiguousAndUnusedWithoutRunningAStep() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the customr has connectivity\n    And a passing step\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 1)
        let lines = console.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.hasSuffix(
                    "f.feature:3:5: error: undefined step 'the customr has connectivity' (did you mean 'the customer has connectivity' at Tests/SpecRunTests/CheckCommandTests.swift:8?)"
                )
            }, console.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.hasSuffix(
                    "f.feature:4:5: error: ambiguous step 'a passing step': 'a {word} step' at Tests/SpecRunTests/CheckCommandTests.swift:9, 'a passing step' at Tests/SpecRunTests/CheckCommandTests.swift:10"
                )
            }, console.stdout)
        XCTAssertTrue(
            lines.contains(
                "Tests/SpecRunTests/CheckCommandTests.swift:11:1: warning: step definition 'nobody uses me' is used by no scenario"),
            console.stdout)
    }

    func test_check_passesWithWarningsUnlessWarningsAreErrorsAndWritesGitHubAnnotations() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the customer has connectivity\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: console)
        let strict = await SpecRunCLI.run(
            ["check", folder, "--warnings-as-errors", "--format", "github"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 0, console.stdout)
        XCTAssertEqual(strict, 1)
        XCTAssertTrue(
            console.stdout.contains(
                "::error file=Tests/SpecRunTests/CheckCommandTests.swift,line=11,col=1::step definition 'nobody uses me' is used by no scenario"
            ), console.stdout)
    }

    func test_check_reportsAParseErrorInTheRunsWordsWithAKeywordHint() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given a passing step\n    | a |\n  Giving the customer\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 1)
        XCTAssertTrue(console.stdout.contains("f.feature:5:3: error: expected "), console.stdout)
        XCTAssertTrue(console.stdout.contains("got 'Giving the customer' (did you mean 'Given'?)"), console.stdout)
        XCTAssertFalse(console.stdout.contains("#EOF"), "the parser's token names stay in the NDJSON: \(console.stdout)")
    }

    func test_checkAndRun_warnAboutAScenarioWhoseStepsWereReadAsADescription() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Giving the customer has connectivity\n    Whn a passing step\n")
        let check = SpyConsole()
        let run = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: check)
        _ = await SpecRunCLI.run([folder, "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: run)

        let warning =
            "f.feature:2:3: warning: Scenario 'S' has no steps: its line 'Giving the customer has connectivity' "
            + "is read as a description (did you mean 'Given'?)"
        XCTAssertTrue(check.stdout.contains(warning), check.stdout)
        XCTAssertTrue(run.stderr.contains(warning), run.stderr)
    }

    func test_check_warnsNothingOnProseDescriptionSetApartFromTheSteps() async throws {
        let folder = try makeFeatures(
            "Feature: F\n  Scenario: S\n    The original app ignores the error;\n    this scenario follows the document.\n\n"
                + "    When a passing step\n")
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: console)

        XCTAssertFalse(console.stdout.contains("read as the description"), console.stdout)
    }

    func test_checkAndRun_warnAtItsLineAboutAMisspeltFirstStepReadAsADescription() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Gvien a passing step\n    When a passing step\n")
        let check = SpyConsole()
        let run = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: check)
        _ = await SpecRunCLI.run([folder, "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: run)

        let warning =
            "f.feature:3:5: warning: 'Gvien a passing step' is read as the description of Scenario 'S', not as a step: "
            + "the steps below it run without it (did you mean 'Given'?)"
        XCTAssertTrue(check.stdout.contains(warning), check.stdout)
        XCTAssertTrue(run.stderr.contains(warning), run.stderr)
    }

    func test_checkAndRun_warnAtItsLineAboutASecondFeatureLineReadAsADescription() async throws {
        // A blank line above the description: only the file's text places the line (4, not 3).
        let folder = try makeFeatures(
            "Feature: First\n\n  The cart.\nFeature: Second\n  Scenario: S\n    Feature: Third\n    Given a passing step\n")
        let check = SpyConsole()
        let run = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: check)
        _ = await SpecRunCLI.run([folder, "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: run)

        let second =
            "f.feature:4:1: warning: 'Feature: Second' is read as the description of Feature 'First', not as a second feature: "
            + "a file holds one Feature, so what follows belongs to 'First' (put the second feature in a file of its own, or make it a Rule:)"
        let third = "f.feature:6:5: warning: 'Feature: Third' is read as the description of Scenario 'S', not as a second feature"
        for (name, output) in [("check", check.stdout), ("run", run.stderr)] {
            XCTAssertEqual(output.components(separatedBy: second).count, 2, "\(name): \(output)")
            XCTAssertEqual(output.components(separatedBy: third).count, 2, "\(name): \(output)")
        }
    }

    func test_check_saysEachFindingOnceOnAFileNamedTwice() async throws {
        let folder = try makeFeatures(
            "Feature: F\n  The cart.\nFeature: G\n  Scenario: S\n    Gvien a passing step\n    When an undefined step\n")
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder, folder + "/f.feature"], libraries: [CheckSteps.self], console: console)

        let findings = console.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        XCTAssertEqual(Set(findings).count, findings.count, console.stdout)
        for marker in ["'Feature: G' is read as", "'Gvien a passing step' is read as", "undefined step 'an undefined step'"] {
            XCTAssertEqual(findings.filter { $0.contains(marker) }.count, 1, "\(marker): \(console.stdout)")
        }
    }

    func test_check_warnsNothingOnAFeatureWordInsideADescriptionLine() async throws {
        let folder = try makeFeatures("Feature: F\n  This Feature: covers the cart.\n  Scenario: S\n    Given a passing step\n")
        let console = SpyConsole()

        _ = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: console)

        XCTAssertFalse(console.stdout.contains("not as a second feature"), console.stdout)
    }

    func test_checkAndRun_nameATimeoutTagThatIsNoDurationAtItsLineAndColumn() async throws {
        let folder = try makeFeatures("@timeout:5s\nFeature: F\n  @smoke @timeout:soon\n  Scenario: S\n    Given a passing step\n")
        let check = SpyConsole()
        let run = SpyConsole()

        let checked = await SpecRunCLI.run(["check", folder], libraries: [CheckSteps.self], console: check)
        let ran = await SpecRunCLI.run(
            [folder, "--no-isolation", "--no-color", "--format", "summary"], libraries: [CheckSteps.self], console: run)

        let error = "f.feature:3:10: error: tag '@timeout:soon': expected a duration such as @timeout:5s"
        XCTAssertEqual(checked, 1)
        XCTAssertTrue(check.stdout.contains(error), check.stdout)
        XCTAssertFalse(check.stdout.contains("f.feature:1:"), "@timeout:5s is a duration: \(check.stdout)")
        XCTAssertEqual(ran, 1)
        XCTAssertTrue(run.stderr.contains(error), run.stderr)
        XCTAssertTrue(run.stdout.contains("1 scenario (1 failed)"), run.stdout)
    }

    func test_run_saysInOneLineThatParallelNeedsIsolation() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the customer has connectivity\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder, "-j", "4", "--no-isolation", "--no-color"], libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 0)
        XCTAssertEqual(console.stderr.components(separatedBy: "needs worker processes").count, 2, console.stderr)
    }

    func test_run_saysOnceThatAnOptionDoesNothingWithoutAnother() async throws {
        let folder = try makeFeatures("Feature: F\n  Scenario: S\n    Given the customer has connectivity\n")
        let console = SpyConsole()

        let code = await SpecRunCLI.run(
            [folder, "--retry-tag-filter", "@flaky", "-j", "2", "--no-isolation", "--no-color"],
            libraries: [CheckSteps.self], console: console)

        XCTAssertEqual(code, 0)
        for option in ["--retry-tag-filter does nothing without --retry N", "needs worker processes"] {
            XCTAssertEqual(console.stderr.components(separatedBy: option).count, 2, console.stderr)
        }
    }

    private func makeFeatures(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
        return folder.path
    }
}
