import Foundation
import Messages
import XCTest

@testable import SpecRunCore

/// The feature files parsed on two threads: the same stream as on one — ids, order and parse errors.
final class FeatureParsingTests: XCTestCase {
    func test_run_writesTheSameStreamOnTwoThreadsAsOnOneWithSeededIds() async throws {
        let (two, one) = try await streams(ids: { RandomIdGenerator(seed: 42) })

        XCTAssertEqual(two, one)
        XCTAssertEqual(two.components(separatedBy: "\"testCaseStarted\"").count - 1, 40 * 3 - 3, "every file ran but the broken one")
    }

    func test_run_writesTheSameStreamOnTwoThreadsAsOnOneInRandomOrder() async throws {
        let (two, one) = try await streams(ids: { RandomIdGenerator(seed: 7) }) { $0.order = .random(seed: 99) }

        XCTAssertEqual(two, one)
    }

    func test_run_reportsAParseErrorAtItsPlaceAndRunsTheOtherFiles() async throws {
        let (two, _) = try await streams(ids: { RandomIdGenerator(seed: 1) })
        let lines = two.split(separator: "\n")
        let error = try XCTUnwrap(lines.firstIndex { $0.contains("\"parseError\"") })
        let broken = try XCTUnwrap(lines.firstIndex { $0.contains("\"source\"") && $0.contains("f13.feature") })

        XCTAssertTrue(
            lines[error].contains("\"location\":{\"column\":5,\"line\":4},\"uri\":\"features/f13.feature\""), String(lines[error]))
        XCTAssertEqual(error, broken + 1, "the file's error comes right after its source, in file order")
        XCTAssertTrue(two.contains("f39.feature"))
    }

    func test_parallel_isOnlyForIdsMadeInPartsOfTheirOwn() {
        XCTAssertTrue(FeatureParsing.parallel(ids: RandomIdGenerator(seed: 3)))
        XCTAssertFalse(FeatureParsing.parallel(ids: IncrementingIdGenerator()), "--predictable-ids: one sequence, one thread")
    }

    func test_envelopes_handsOutEveryFileInOrder() {
        // (Some work a file, so that both threads take files.)
        let sut = FeatureParsing(count: 500, parallel: true) { index, _ in
            let message = (0..<2_000).map { String($0 * index) }.joined().count
            return [Envelope(parseError: ParseError(source: SourceReference(uri: "\(index)"), message: "\(message)"))]
        }

        let uris = (0..<500).map { sut.envelopes(at: $0).first?.parseError?.source.uri }

        XCTAssertEqual(uris, (0..<500).map { "\($0)" })
    }

    // MARK: Helpers

    /// 40 files of 3 scenarios; f13 does not parse.
    static let features: [String: String] = {
        var files: [String: String] = [:]
        for file in 0..<40 {
            let name = String(format: "features/f%02d.feature", file)
            files[name] =
                file == 13
                ? "Feature: broken\n  Scenario: s\n    Given a step passes\n    Oops\n"
                : (["Feature: f\(file)"]
                    + (0..<3).map { "  Scenario: s\(file)-\($0)\n    Given a step passes\n    And the basket has \($0) items" })
                    .joined(separator: "\n") + "\n"
        }
        return files
    }()

    /// The NDJSON stream of the same dry run, its files parsed on two threads and on one.
    private func streams(
        ids: () -> any IdGenerator, _ configure: (inout RunConfiguration) -> Void = { _ in }
    ) async throws -> (two: String, one: String) {
        var results: [String] = []
        for twoThreads in [true, false] {
            let sut = try makeSUT(features: Self.features, libraries: [BasketSteps.self]) {
                $0.dryRun = true
                configure(&$0)
            }
            var runner = SpecRunner(
                libraries: [BasketSteps.self], configuration: sut.runner.configuration, ids: ids(), clock: SteppingClock(),
                environment: [:])
            runner.meta = fixedMeta
            runner.parsesOnTwoThreads = twoThreads
            let spy = EnvelopeSpy()
            _ = try await runner.run(emit: spy.record)
            // (The folder's random name is the only difference between the two runs.)
            results.append(try spy.ndjson().replacingOccurrences(of: sut.folder.root, with: "ROOT"))
        }
        return (results[0], results[1])
    }
}
