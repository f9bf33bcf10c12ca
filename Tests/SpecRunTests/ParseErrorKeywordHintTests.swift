import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunEditor

/// A parse error on a line that starts with a keyword the parser did not take: the hint is the line as it parses,
/// in the file's own language (`check`, the language server and `fmt` say it alike).
final class ParseErrorKeywordHintTests: XCTestCase {
    private func check(_ text: String) async throws -> String { try await checkOutput(text, in: self) }

    func test_check_hintsTheKeywordOfTheFilesLanguageOnAnEnglishKeywordInAFrenchFile() async throws {
        let output = try await check(
            "# language: fr\nFonctionnalité: F\n  Scénario: S\n    Soit a passing step\n  Scenario: anglais\n    Given a passing step\n")

        XCTAssertTrue(
            output.contains("f.feature:5:3: error: expected ")
                && output.contains(
                    "got 'Scenario: anglais' (this file is in '# language: fr': did you mean 'Scénario: anglais'?)"),
            output)
        XCTAssertTrue(
            output.contains("got 'Given a passing step' (this file is in '# language: fr': did you mean 'Soit a passing step'?)"),
            output)
    }

    func test_run_hintsTheKeywordOfTheFilesLanguageOnAnEnglishKeywordInAFrenchFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-hint-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f.feature")
        try "# language: fr\nFonctionnalité: F\n  Scénario: S\n    Soit a passing step\n    Given a passing step\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let console = SpyConsole()

        _ = await SpecRunCLI.run([file.path, "--no-requirements"], libraries: [CheckSteps.self], console: console)

        XCTAssertTrue(
            console.stderr.contains("got 'Given a passing step' (this file is in '# language: fr': did you mean 'Soit a passing step'?)"),
            console.stderr)
    }

    func test_check_hintsTheColonOnABlockKeywordWithoutIt() async throws {
        let output = try await check(
            "Feature: F\n  Scenario: S\n    Given a passing step\n  Scenario Outline B\n    Given a passing step\n")

        XCTAssertTrue(
            output.contains("got 'Scenario Outline B' (did you mean 'Scenario Outline: B'? the keyword ends with a colon)"), output)
    }

    func test_language_readsTheHeaderAmongCommentsAndBlankLines() {
        XCTAssertEqual(ParseErrorText.language(of: "\n# a comment\n  #language:de\nFunktionalität: F\n"), "de")
        XCTAssertEqual(ParseErrorText.language(of: "Feature: F\n# language: fr\n"), "en", "after the first other line it is a comment")
    }
}

/// A scenario line without its colon before a feature's first scenario: read as the feature's description, so the
/// scenario never runs; `check` and the language server warn at its line.
final class ScenarioLineInDescriptionTests: XCTestCase {
    private func check(_ text: String) async throws -> String { try await checkOutput(text, in: self) }

    func test_check_warnsOfAScenarioLineWithoutColonReadAsTheFeaturesDescription() async throws {
        let output = try await check(
            "Feature: F\n  Paying in the shop.\n\n  Scenario Outline B\n    Given a passing step\n\n  Scenario: C\n    Given a passing step\n"
        )

        XCTAssertTrue(
            output.contains(
                "f.feature:4:3: warning: 'Scenario Outline B' is read as the description of Feature 'F', not as a scenario: "
                    + "it and its steps never run (did you mean 'Scenario Outline: B'?)"), output)
    }

    func test_check_saysNothingOfProseStartingWithAKeywordWordInADescription() async throws {
        let output = try await check("Feature: F\n  Scenario planning is done weekly.\n\n  Scenario: C\n    Given a passing step\n")

        XCTAssertFalse(output.contains("is read as the description"), output)
    }
}

/// What `specrun check` prints for a folder holding one feature file of `text` (the folder removed after `test`).
private func checkOutput(_ text: String, in test: XCTestCase) async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-hint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    try text.write(to: folder.appendingPathComponent("f.feature"), atomically: true, encoding: .utf8)
    let console = SpyConsole()
    _ = await SpecRunCLI.run(["check", "--no-requirements", folder.path], libraries: [CheckSteps.self], console: console)
    return console.stdout + console.stderr
}
