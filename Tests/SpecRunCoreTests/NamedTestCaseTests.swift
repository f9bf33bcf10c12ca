import Foundation
import Messages
import XCTest

@testable import SpecRunCore

/// A worker other than the first parses only the files of the test cases it is handed (`openNamingTestCases`):
/// what it runs must carry the ids of the whole run's plan (the first worker's `testCase` messages) and documents.
final class NamedTestCaseTests: XCTestCase {
    func test_run_carriesTheIdsOfTheWholeRunsPlanAndParsesOnlyItsFileOnANamedTestCase() async throws {
        let sut = try makeSUT(
            features: [
                "features/a.feature": "Feature: a\n  Scenario: one\n    Given a step passes\n",
                "features/b.feature": "Feature: b\n  Background:\n    Given a step passes\n  Scenario Outline: o\n"
                    + "    Given the basket has <n> items\n    Then the basket holds <n> items\n    Examples:\n      | n |\n      | 1 |\n      | 2 |\n",
            ], libraries: [BasketSteps.self])
        let whole = EnvelopeSpy()
        _ = try await seeded(sut.runner).run(emit: whole.record)
        let pickle = try XCTUnwrap(whole.envelopes.compactMap(\.pickle).last, "b's second example")
        let planned = try XCTUnwrap(whole.envelopes.compactMap(\.testCase).first { $0.pickleId == pickle.id })
        let reads = ReadLog()
        let prelude = EnvelopeSpy()
        let named = EnvelopeSpy()

        let session = try await seeded(sut.runner, reads: reads).openNamingTestCases(emit: prelude.record)
        session.name(5, pickleId: pickle.id, uri: "features/b.feature")
        let passed = await session.run(5, emit: named.record)

        XCTAssertTrue(passed)
        XCTAssertEqual(
            prelude.kinds.filter { ["source", "gherkinDocument", "pickle", "testCase"].contains($0) }, [],
            "no documents, no test cases")
        XCTAssertEqual(prelude.kinds.last, "testRunStarted")
        XCTAssertEqual(named.envelopes.compactMap(\.testCaseStarted).map(\.testCaseId), [planned.id])
        XCTAssertEqual(named.envelopes.compactMap(\.testStepStarted).map(\.testStepId), planned.testSteps.map(\.id))
        XCTAssertEqual(named.testStepResults, [.passed, .passed, .passed])
        XCTAssertEqual(reads.paths.map { ($0 as NSString).lastPathComponent }, ["b.feature"])
    }

    func test_run_emitsNothingOnATestCaseNeverNamed() async throws {
        let sut = try makeSUT(
            features: ["features/a.feature": "Feature: a\n  Scenario: one\n    Given a step passes\n"],
            libraries: [BasketSteps.self])
        let session = try await seeded(sut.runner).openNamingTestCases(emit: { _ in })
        let spy = EnvelopeSpy()

        _ = await session.run(0, emit: spy.record)

        XCTAssertEqual(spy.kinds, [])
    }

    // MARK: - Helpers

    /// The runner with seeded random ids (the same in every process of a run), reading files through `reads`.
    private func seeded(_ runner: SpecRunner, reads: ReadLog? = nil) -> SpecRunner {
        var copy = SpecRunner(
            libraries: runner.libraries, configuration: runner.configuration,
            ids: RandomIdGenerator(seed: 7), clock: SteppingClock(), environment: [:])
        copy.meta = fixedMeta
        if let reads {
            let read = copy.fileSystem.readFile
            copy.fileSystem.readFile = { path in
                reads.add(path); return read(path)
            }
        }
        return copy
    }

    final class ReadLog: @unchecked Sendable {
        // @unchecked: `paths` under `lock`.
        private let lock = NSLock()
        private var all: [String] = []
        var paths: [String] { lock.withLock { all } }
        func add(_ path: String) { lock.withLock { all.append(path) } }
    }
}
