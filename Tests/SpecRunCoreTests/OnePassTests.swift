import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecRunCore

/// A test case none of whose code runs (a dry run; fail-fast's skipped scenarios) takes one pass over its steps:
/// the stream is the step loop's, byte for byte (the same ids, clock readings and order), so every report of it is.
final class OnePassTests: XCTestCase {
    func test_dryRun_writesTheStepLoopsStreamInOnePass() async throws {
        let (onePass, loop) = try await streams { $0.dryRun = true }

        XCTAssertEqual(onePass, loop)
        XCTAssertTrue(onePass.contains("\"suggestion\""), "an undefined step's suggestion is in the stream")
        XCTAssertTrue(onePass.contains("\"AMBIGUOUS\""))
    }

    func test_dryRunCheckingArguments_writesTheStepLoopsStreamInOnePass() async throws {
        let (onePass, loop) = try await streams {
            $0.dryRun = true
            $0.checkArguments = true
        }

        XCTAssertEqual(onePass, loop)
        XCTAssertTrue(onePass.contains("ArgumentMismatch"), "a step whose values do not fit its closure fails")
    }

    func test_failFast_writesTheStepLoopsStreamForTheSkippedScenarios() async throws {
        let (onePass, loop) = try await streams { $0.failFast = true }

        XCTAssertEqual(onePass, loop)
    }

    func test_dryRun_writesTheStepLoopsStreamWithRetriesAndInvalidTimeoutTags() async throws {
        let (onePass, loop) = try await streams {
            $0.dryRun = true
            $0.checkArguments = true
            $0.retry = 1
        }

        XCTAssertEqual(onePass, loop)
        XCTAssertTrue(onePass.contains("InvalidTimeout"), "an invalid @timeout: tag still fails a dry run's first step")
    }

    func test_dryRun_writesTheStepLoopsStreamWithSeededIdsInRandomOrder() async throws {
        let (onePass, loop) = try await streams(ids: { RandomIdGenerator(seed: 42) }) {
            $0.dryRun = true
            $0.order = .random(seed: 99)
        }

        XCTAssertEqual(onePass, loop)
    }

    func test_dryRun_reportsAParseErrorAtItsPlaceAndRunsTheOtherFiles() async throws {
        let (onePass, _) = try await streams { $0.dryRun = true }
        let lines = onePass.split(separator: "\n")
        let error = try XCTUnwrap(lines.firstIndex { $0.contains("\"parseError\"") })

        XCTAssertTrue(
            lines[error].contains("\"location\":{\"column\":5,\"line\":4},\"uri\":\"features/c.feature\""),
            String(lines[error]))
        XCTAssertEqual(lines.filter { $0.contains("\"testCaseStarted\"") }.count, 5, "the other files' scenarios ran")
    }

    /// Fails when a skipped step is left unsaid before a step of another status, a suggestion or the test case's end,
    /// or one is said that another skipped step follows.
    func test_dryRunCollapsingSkippedSteps_saysOnlyTheLastOfTheSkippedStepsInARow() async throws {
        let (everyStep, collapsed) = try await streams(collapsing: true) { $0.dryRun = true }
        var lines = everyStep.split(separator: "\n").map(String.init)
        let isSkippedStep = { (line: String) in line.hasPrefix("{\"testStepFinished\"") && line.contains("\"SKIPPED\"") }
        // (A test case under an invalid `@timeout:` tag takes the step loop, which says every step.)
        let looped = lines.filter { $0.contains("InvalidTimeout") }.compactMap { line in
            line.range(of: #""testCaseStartedId":"[0-9]+""#, options: .regularExpression).map { String(line[$0]) }
        }
        XCTAssertEqual(looped.count, 1)
        // The stream saying every step without the skipped steps (start and result) that another skipped step follows.
        var followed: [Int] = []
        for index in lines.indices
        where isSkippedStep(lines[index]) && index + 2 < lines.count && isSkippedStep(lines[index + 2])
            && !looped.contains(where: lines[index].contains)
        {
            XCTAssertTrue(lines[index - 1].hasPrefix("{\"testStepStarted\""), lines[index - 1])
            followed += [index - 1, index]
        }
        for index in followed.reversed() { lines.remove(at: index) }

        XCTAssertEqual(followed.count, 20, "ten skipped steps, start and result, left unsaid")
        XCTAssertEqual(collapsed, lines.joined(separator: "\n") + "\n")
    }

    func test_runsInOnePass_isTakenOnlyWhenNothingRunsAndNoLimitApplies() throws {
        let sut = try makeCaseRunner(dryRun: true)
        let plan = try onlyPlan(sut.registry, feature: "Feature: f\n  Scenario: s\n    Given a step passes\n")

        XCTAssertTrue(sut.runner.runsInOnePass(plan, skipAll: false, scenarioLimit: .none))
        XCTAssertFalse(sut.runner.runsInOnePass(plan, skipAll: false, scenarioLimit: .invalid("bad")))
        XCTAssertFalse(
            sut.runner.runsInOnePass(plan, skipAll: false, scenarioLimit: .limit(StepLimit(seconds: 1, source: "@timeout:1s"))))
        let running = try makeCaseRunner(dryRun: false)
        XCTAssertFalse(running.runner.runsInOnePass(plan, skipAll: false, scenarioLimit: .none))
        XCTAssertTrue(running.runner.runsInOnePass(plan, skipAll: true, scenarioLimit: .none))
    }

    // MARK: Helpers

    static let features = [
        "features/a.feature": """
        Feature: a
          Scenario: fails first
            Given a step fails
            And a step passes
          Scenario: all kinds
            Given a step passes
            And nobody wrote this step
            And a step passes with overlap
            And the basket has 2 items
            And {int} is written down as a word
            And the note:
              \"\"\"
              hello
              \"\"\"
            And the prices:
              | item | price |
              | tea  | 3     |
          Scenario Outline: outline <n>
            Given the basket has <n> items
            Examples:
              | n |
              | 1 |
              | 2 |
        """,
        "features/b.feature": """
        @timeout:soon
        Feature: b
          Scenario: invalid limit
            Given a step passes
            And 12 is written down as a word
        """,
        "features/c.feature": "Feature: broken\n  Scenario: s\n    Given a step passes\n    Oops\n",
    ]

    /// The NDJSON stream of the same run taking the one pass and the step loop; `collapsing`: of the one pass saying
    /// every step and saying only the last of the skipped steps in a row (`collapsesSkippedSteps`).
    private func streams(
        ids: () -> any IdGenerator = { IncrementingIdGenerator() }, collapsing: Bool = false,
        _ configure: (inout RunConfiguration) -> Void
    ) async throws -> (onePass: String, loop: String) {
        var results: [String] = []
        for second in [false, true] {
            let onePass = collapsing || !second
            _ = Journal.shared.take()
            let libraries: [any StepLibrary.Type] = [BasketSteps.self, HooksOnly.self, PassesWithOverlap.self]
            let sut = try makeSUT(features: Self.features, libraries: libraries, configure: configure)
            var runner = SpecRunner(
                libraries: libraries, configuration: sut.runner.configuration, ids: ids(), clock: SteppingClock(),
                environment: [:])
            runner.meta = fixedMeta
            runner.skipsInOnePass = onePass
            runner.collapsesSkippedSteps = collapsing && second
            let spy = EnvelopeSpy()
            _ = try await runner.run(emit: spy.record)
            // (The folder's random name is the only difference between the two runs.)
            results.append(try spy.ndjson().replacingOccurrences(of: sut.folder.root, with: "ROOT"))
        }
        return (results[0], results[1])
    }

    private func makeCaseRunner(dryRun: Bool) throws -> (runner: TestCaseRunner, registry: StepRegistry) {
        let registry = try StepRegistry.build(
            StepRegistry.collect([BasketSteps.self]), policy: RunConfiguration(paths: []).unknownParameterTypes,
            makeCompiler: { try ExpressionCompiler(parameterTypes: $0) })
        let runner = TestCaseRunner(
            registry: registry, clock: SteppingClock(), ids: IncrementingIdGenerator(), dryRun: dryRun, root: nil,
            snippets: SnippetWriter(compiler: registry.compiler, customTypes: [:], interface: .synchronous),
            locate: { _, _ in nil })
        return (runner, registry)
    }

    private func onlyPlan(_ registry: StepRegistry, feature: String) throws -> TestCasePlan {
        let pickle = try XCTUnwrap(
            GherkinMessages.generate(data: feature, uri: "a.feature", ids: IncrementingIdGenerator()).compactMap(\.pickle).first)
        return Planner(registry: registry).plan(SharedPickle(pickle), ids: IncrementingIdGenerator(), testRunStartedId: "run")
    }
}

/// "a step passes with overlap" matched twice: an ambiguous step.
enum PassesWithOverlap: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("a step passes with {word}") { (_, _: String) in }
        steps.given("a step {word} with overlap") { (_, _: String) in }
    }
}
