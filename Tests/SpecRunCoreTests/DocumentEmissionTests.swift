import Messages
import XCTest

@testable import SpecRunCore

/// A supervisor makes the feature files' messages itself (`emitDocuments`) with its workers' id seed: they must be
/// the very messages a worker's run makes, ids included, or no test case would find its pickle.
final class DocumentEmissionTests: XCTestCase {
    func test_emitDocuments_makesWhatTheRunEmitsOfTheFeatureFilesIdsIncludedOnSeveralFiles() async throws {
        let sut = try makeSUT(
            features: [
                "features/a.feature":
                    "Feature: a\n\n    Its description,\n  trimmed as a run trims it.\n\n  Scenario Outline: o\n    Given the basket has <n> items\n    Examples:\n      | n |\n      | 1 |\n      | 2 |\n",
                "features/b.feature": "Feature: b\n  Scenario: s\n  @tag\n",
                "features/c.feature":
                    "@t\nFeature: c\n  Background:\n    Given a step passes\n  Scenario: two\n    Then the basket holds 0 items\n",
            ], libraries: [BasketSteps.self])
        let (_, spy) = try await run(sut)
        let documentKinds = ["source", "gherkinDocument", "pickle", "parseError"]
        let fromRun = spy.envelopes.filter { documentKinds.contains($0.kind) }
        let twin = SpecRunner(
            libraries: [BasketSteps.self], configuration: sut.runner.configuration,
            ids: IncrementingIdGenerator(), clock: SteppingClock(), environment: [:])

        var made: [Envelope] = []
        try twin.emitDocuments(sources: true) { made.append($0) }
        var withoutSources: [Envelope] = []
        try twin.emitDocuments(sources: false) { withoutSources.append($0) }

        XCTAssertEqual(
            fromRun.map(\.kind),
            [
                "source", "gherkinDocument", "pickle", "pickle", "source", "parseError",
                "source", "gherkinDocument", "pickle",
            ])
        XCTAssertEqual(made, fromRun)
        XCTAssertEqual(withoutSources.map(\.kind), fromRun.map(\.kind).filter { $0 != "source" })
    }

    func test_emitDocuments_stopsBeforeTheNextFileWhenToldNotToGoOn() throws {
        let sut = try makeSUT(
            features: [
                "features/a.feature": "Feature: a\n  Scenario: s\n    Given a step passes\n",
                "features/b.feature": "Feature: b\n  Scenario: t\n    Given a step passes\n",
            ],
            libraries: [BasketSteps.self])
        var made: [Envelope] = []

        try sut.runner.emitDocuments(sources: false, goOn: { made.isEmpty }) { made.append($0) }

        XCTAssertEqual(made.map(\.kind), ["gherkinDocument", "pickle"], "the first file's, not the second's")
    }

    func test_emitDocuments_throwsWhatFindingTheFilesThrowsOnAMissingPath() throws {
        let sut = try makeSUT(
            features: ["features/a.feature": "Feature: a\n"], libraries: [BasketSteps.self],
            paths: ["missing"])

        XCTAssertThrowsError(try sut.runner.emitDocuments(sources: false) { _ in })
    }

    func test_documentCursor_makesOneFileAtATimeWhatEmitDocumentsMakes() throws {
        let sut = try makeSUT(
            features: [
                "features/a.feature": "Feature: a\n  Scenario: s\n    Given a step passes\n  Scenario: t\n    Given a step passes\n",
                "features/b.feature": "Feature: b\n  Scenario: s\n  @tag\n",
                "features/c.feature": "Feature: c\n  Scenario: u\n    Given a step passes\n",
            ], libraries: [BasketSteps.self])
        // (Ids from parts of a seed, as a supervisor's: each runner makes the same.)
        let runner = {
            SpecRunner(
                libraries: [BasketSteps.self], configuration: sut.runner.configuration, ids: RandomIdGenerator(seed: 7),
                clock: SteppingClock(), environment: [:])
        }
        for sources in [true, false] {
            var whole: [Envelope] = []
            try runner().emitDocuments(sources: sources) { whole.append($0) }
            let cursor = try runner().documentCursor(sources: sources)

            var files: [[Envelope]] = []
            while let file = cursor.nextFile() { files.append(file) }

            XCTAssertEqual(files.count, 3, "one lot a file")
            XCTAssertEqual(files.flatMap { $0 }, whole, "sources: \(sources)")
            XCTAssertNil(cursor.nextFile())
        }
    }

    func test_documentCursor_throwsWhatFindingTheFilesThrowsOnAMissingPath() throws {
        let sut = try makeSUT(
            features: ["features/a.feature": "Feature: a\n"], libraries: [BasketSteps.self], paths: ["missing"])

        XCTAssertThrowsError(try sut.runner.documentCursor(sources: false))
    }
}
