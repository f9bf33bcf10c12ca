import Foundation
import XCTest

@testable import SpecRun
@testable import SpecRunCore
@testable import SpecRunEditor

/// The language server's analysis kept per scenario between keystrokes (`FeatureBlocks`, `PieceCache`): it finds
/// what a dry run of the whole document finds, dry-runs only the scenario edited, and bounds what a huge document
/// costs (`EditorLimits`).
final class EditorPiecesTests: XCTestCase {
    private func makeContext() throws -> EditorAnalysis.Context {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return EditorAnalysis.Context(libraries: [CheckSteps.self], environment: [:], folder: folder)
    }

    private let document = """
        @feature
        Feature: F
          Background:
            Given the customer has connectivity

          Scenario: one
            Given a passing step
            And an undefined step

          @tagged
          # a comment
          Scenario Outline: two
            Given a <kind> step
            \"\"\"
          Scenario: not one, inside a doc string
            \"\"\"

            Examples:
              | kind    |
              | red     |
              | passin |

          Rule: R
            Background:
              Given the customer has connectivity

            Scenario: three
              Given the customr has connectivity

            Scenario: four
              Given nobody uses me

        """

    private func summary(_ analysis: EditorAnalysis) -> [String] {
        analysis.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }.sorted()
            + analysis.matches.keys.sorted().map { "\($0) → \(analysis.matches[$0]!.map(\.pattern.source))" }
    }

    func test_cut_keepsTagsAndCommentsWithTheirScenarioAndReadsNoKeywordInADocString() throws {
        let blocks = try XCTUnwrap(FeatureBlocks(document))
        XCTAssertEqual(blocks.header, 0..<4)
        XCTAssertEqual(blocks.blocks.map(\.lines), [4..<8, 8..<21, 25..<28, 28..<32])
        XCTAssertEqual(blocks.blocks.map(\.rule), [nil, nil, 0, 0])
        XCTAssertEqual(blocks.rules, [21..<25])
    }

    func test_cut_followsTheFilesLanguage() throws {
        let blocks = try XCTUnwrap(FeatureBlocks("# language: fr\nFonctionnalité: F\n  Scénario: un\n    Soit x\n  Scénario: deux\n"))
        XCTAssertEqual(blocks.blocks.map(\.lines), [2..<4, 4..<6])
        XCTAssertNil(FeatureBlocks("# language: xx-nowhere\nFeature: F\n"))
    }

    func test_analyse_findsWhatADryRunOfTheWholeDocumentFinds() async throws {
        let context = try makeContext()
        let whole = await EditorAnalysis.analyse(text: document, uri: "file:///a.feature", context: context)
        let pieces = await PieceCache().analyse(text: document, uri: "file:///a.feature", context: context)
        XCTAssertEqual(summary(pieces), summary(whole))
        XCTAssertTrue(
            summary(pieces).contains { $0.hasPrefix("8:") && $0.contains("undefined step 'an undefined step'") }, "\(summary(pieces))")
        XCTAssertTrue(summary(pieces).contains { $0.hasPrefix("28:") && $0.contains("did you mean 'the customer has connectivity'") })
    }

    func test_analyse_dryRunsOnlyTheScenarioEditedAndPlacesItsFindings() async throws {
        let context = try makeContext(), cache = PieceCache()
        _ = await cache.analyse(text: document, uri: "file:///a.feature", context: context)
        XCTAssertEqual(cache.analysedLastTime, 4)
        let edited = document.replacingOccurrences(of: "Given nobody uses me", with: "Given nobody uses me at all")
        let analysis = await cache.analyse(text: edited, uri: "file:///a.feature", context: context)
        XCTAssertEqual(cache.analysedLastTime, 1)
        let whole = await EditorAnalysis.analyse(text: edited, uri: "file:///a.feature", context: context)
        XCTAssertEqual(summary(analysis), summary(whole))
        XCTAssertTrue(summary(analysis).contains { $0.hasPrefix("31:") && $0.contains("'nobody uses me at all'") }, "\(summary(analysis))")
        // A line typed in a scenario moves the ones below it: they are still known, and their findings move.
        let longer = edited.replacingOccurrences(of: "And an undefined step", with: "And an undefined step\n    And a passing step")
        let moved = await cache.analyse(text: longer, uri: "file:///a.feature", context: context)
        XCTAssertEqual(cache.analysedLastTime, 1)
        XCTAssertTrue(summary(moved).contains { $0.hasPrefix("32:") && $0.contains("'nobody uses me at all'") }, "\(summary(moved))")
    }

    func test_analyse_keepsTheOtherScenariosFindingsWhileOneDoesNotParse() async throws {
        let context = try makeContext()
        let text = "Feature: F\n  Scenario: S\n    Given a passing step\n    Giving x\n  Scenario: T\n    Given an undefined step\n"
        let analysis = await PieceCache().analyse(text: text, uri: "file:///a.feature", context: context)
        let lines = analysis.diagnostics.map(\.line)
        XCTAssertEqual(lines, [4, 6], "\(analysis.diagnostics)")
        XCTAssertTrue(analysis.diagnostics[0].message.contains("Giving"), analysis.diagnostics[0].message)
    }

    func test_analyse_checksTheFirstLinesOfAScenarioTooLongAndSaysWhereItStopped() async throws {
        let context = try makeContext()
        let text = "Feature: F\n  Scenario: S\n" + String(repeating: "    * an undefined step\n", count: 8_000)
        let start = Date()
        let analysis = await PieceCache().analyse(text: text, uri: "file:///a.feature", context: context)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "a dry run of the 8,000 steps takes longer")
        let cut = try XCTUnwrap(analysis.diagnostics.last)
        XCTAssertEqual(cut.line, EditorLimits.longestScenario + 2)
        XCTAssertTrue(cut.message.hasPrefix("scenario too long to check as you type: its first 1000 lines"), cut.message)
        XCTAssertEqual(analysis.diagnostics.count, EditorLimits.longestScenario - 1 + 1)
    }

    func test_analyse_refusesADocumentTooLargeWithOneWarning() async throws {
        let context = try makeContext()
        let text = "Feature: F\n  Scenario: S\n" + String(repeating: "    Given step number 1\n", count: 100_000)
        let start = Date()
        let analysis = await PieceCache().analyse(text: text, uri: "file:///a.feature", context: context)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(
            analysis.diagnostics.map(\.message),
            ["document too large to check as you type (2343 KiB; at most 256 KiB and 20000 lines): run `specrun check` on it"])
    }

    func test_nearest_agreesWithThePlainEditDistanceUnderItsLimit() {
        var generator = SplitMix64(seed: 32)
        let alphabet = Array("abcde fé".unicodeScalars)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let limit = Int.random(in: 0...8, using: &generator)
            let plain = Suggestions.distance(String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)))
            let bounded = NearestDefinition.distance(a, b, limit: limit)
            if plain <= limit { XCTAssertEqual(bounded, plain, "\(a) \(b) \(limit)") } else { XCTAssertGreaterThan(bounded, limit) }
        }
    }
}
