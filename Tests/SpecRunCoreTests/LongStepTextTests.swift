import Messages
import XCTest

@testable import SpecRunCore

/// Issue 30: a hostile document never stalls a run. A 10 MB step line took 74 s in a debug build (about 4 s of CPU per
/// megabyte: the required-word prefilter of every definition and the snippet scans, byte by byte through generic
/// code); it takes a few seconds now. The bounds are generous (a loaded 2-core machine) and below the old cost: with
/// 1,000 definitions beside the basket's, the undefined step took 39 s before the fix, 5 s after.
final class LongStepTextTests: XCTestCase {
    private static let tenMegabytes = 10 << 20
    private static let bound: Swift.Duration = .seconds(30)

    override func setUp() { _ = Journal.shared.take() }

    func test_run_reportsATenMegabyteUndefinedStepWithItsSnippetWithinSeconds() async throws {
        let text = String(repeating: "x", count: Self.tenMegabytes)

        let ((summary, spy), elapsed) = try await timed {
            try await self.run(self.scenario("Given " + text, libraries: [BasketSteps.self, ManySteps.self]))
        }

        XCTAssertEqual(summary.steps, StatusCounts(undefined: 1))
        let code = try XCTUnwrap(spy.suggestions.first?.snippets.first?.code)
        XCTAssertTrue(code.hasPrefix("steps.given(\"xxx"))
        XCTAssertEqual(code.utf8.count, text.utf8.count + "steps.given(\"\") { world in\n    try pending()\n}".utf8.count)
        XCTAssertLessThan(elapsed, Self.bound)
    }

    func test_run_passesATenMegabyteStringArgumentWithinSeconds() async throws {
        let item = String(repeating: "y", count: Self.tenMegabytes)

        let ((summary, _), elapsed) = try await timed { try await self.run(self.scenario("When I add \"\(item)\"")) }

        XCTAssertEqual(summary.steps, StatusCounts(passed: 1))
        XCTAssertLessThan(elapsed, Self.bound)
    }

    func test_run_passesATenMegabyteDocStringWithinSeconds() async throws {
        let content = String(repeating: "z", count: Self.tenMegabytes)

        let ((summary, _), elapsed) = try await timed {
            try await self.run(self.scenario("Given the note:\n      \"\"\"\n      \(content)\n      \"\"\""))
        }

        XCTAssertEqual(summary.steps, StatusCounts(passed: 1))
        XCTAssertEqual(Journal.shared.take().first?.utf8.count, "note  -".utf8.count + content.utf8.count)
        XCTAssertLessThan(elapsed, Self.bound)
    }

    // MARK: Helpers

    private func scenario(_ step: String, libraries: [any StepLibrary.Type] = [BasketSteps.self])
        throws -> (runner: SpecRunner, folder: FeatureFolder)
    {
        try makeSUT(features: ["features/a.feature": "Feature: f\n  Scenario: s\n    \(step)\n"], libraries: libraries)
    }

    private func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Swift.Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        return (value, clock.now - start)
    }
}

/// 1,000 definitions whose words the step text lacks: each one's required word is looked for in the whole text.
private enum ManySteps: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        for index in 0..<1_000 {
            steps.given("the shelf number \(index) holds {int} box(es)") { (_, _: Int) in }
        }
    }
}
