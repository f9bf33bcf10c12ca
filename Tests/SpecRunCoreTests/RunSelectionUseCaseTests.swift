import Messages
import XCTest

@testable import SpecRunCore

/// Which scenarios run, in which order, and how the run options change the outcome.
final class RunSelectionUseCaseTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take() }

    private let threeScenarios = """
        Feature: f
          @smoke
          Scenario: first
            Given a step passes

          @slow
          Scenario: second
            Given a step fails

          Scenario Outline: third <n>
            Given the basket has <n> items

            Examples: few
              | n |
              | 1 |
              | 2 |

            Examples: many
              | n  |
              | 30 |
        """

    func test_run_discoversFeatureFilesRecursivelyInSortedOrder() async throws {
        let (_, spy) = try await run(
            makeSUT(
                features: [
                    "features/b.feature": "Feature: b\n  Scenario: b\n    Given a step passes\n",
                    "features/a/z.feature.md": "# Feature: md\n\n## Scenario: md\n\n* Given a step passes\n",
                    "features/a.feature": "Feature: a\n  Scenario: a\n    Given a step passes\n",
                    "features/notes.txt": "not a feature",
                    "features/.hidden/h.feature": "Feature: hidden\n  Scenario: h\n    Given a step passes\n",
                ], libraries: [BasketSteps.self]))

        XCTAssertEqual(
            spy.envelopes.compactMap(\.source).map(\.uri),
            ["features/a.feature", "features/a/z.feature.md", "features/b.feature"])
        XCTAssertEqual(spy.startedPickleNames, ["a", "md", "b"])
    }

    func test_run_filtersByTagExpression() async throws {
        let (_, spy) = try await run(selection { $0.tags = "not @slow" })

        XCTAssertEqual(spy.startedPickleNames, ["first", "third 1", "third 2", "third 30"])
        XCTAssertEqual(spy.pickleNames.count, 5, "every pickle is still reported")
    }

    func test_run_filtersByNameRegexesAsAlternatives() async throws {
        let (_, spy) = try await run(selection { $0.names = ["^sec", "30$"] })

        XCTAssertEqual(spy.startedPickleNames, ["second", "third 30"])
    }

    func test_run_selectsEveryScenarioOnAnEmptyNamePattern() async throws {
        // As `--tags ''` and cucumber-js's `--name ''`: an empty regular expression matches every name (a CI
        // script's `--name "$FILTER"` with nothing in it), not "not a valid regular expression".
        let (_, spy) = try await run(selection { $0.names = [""] })

        XCTAssertEqual(spy.startedPickleNames, ["first", "second", "third 1", "third 2", "third 30"])
    }

    func test_run_selectsScenariosAndExampleRowsByLine() async throws {
        let (_, spy) = try await run(selection(paths: ["features/a.feature:7:16"]))

        XCTAssertEqual(spy.startedPickleNames, ["second", "third 2"])
    }

    func test_run_selectsAllRowsOfAnExamplesBlockOrOutlineByItsLine() async throws {
        let (_, examples) = try await run(selection(paths: ["features/a.feature:13"]))
        let (_, outline) = try await run(selection(paths: ["features/a.feature:10"]))

        XCTAssertEqual(examples.startedPickleNames, ["third 1", "third 2"])
        XCTAssertEqual(outline.startedPickleNames, ["third 1", "third 2", "third 30"])
    }

    func test_run_readsPathsAndLinesFromARerunFile() async throws {
        let sut = try makeSUT(
            features: [
                "features/a.feature": threeScenarios,
                "rerun.txt": "features/a.feature:4\n",
            ],
            libraries: [BasketSteps.self], paths: ["@rerun.txt"])
        let (_, spy) = try await run(sut)

        XCTAssertEqual(spy.startedPickleNames, ["first"])
    }

    func test_run_reportsNothingSelectedWhenFiltersMatchNoScenario() async throws {
        let (summary, spy) = try await run(selection { $0.tags = "@nope" })

        XCTAssertTrue(summary.nothingSelected)
        XCTAssertEqual(summary.exitCode, 4)
        XCTAssertTrue(spy.testCases.isEmpty)
        XCTAssertEqual(spy.runFinished?.success, true)
    }

    func test_run_reversesTheDefinedOrder() async throws {
        let (_, spy) = try await run(selection { $0.order = .reverse })

        XCTAssertEqual(spy.startedPickleNames, ["third 30", "third 2", "third 1", "second", "first"])
    }

    func test_run_shufflesTheSameWayForTheSameSeed() async throws {
        let (summary, first) = try await run(selection { $0.order = .random(seed: 7) })
        let (_, second) = try await run(selection { $0.order = .random(seed: 7) })
        let (_, other) = try await run(selection { $0.order = .random(seed: 8) })

        XCTAssertEqual(summary.seed, 7)
        XCTAssertEqual(first.startedPickleNames, second.startedPickleNames)
        XCTAssertEqual(Set(first.startedPickleNames), ["first", "second", "third 1", "third 2", "third 30"])
        XCTAssertNotEqual(first.startedPickleNames, other.startedPickleNames)
    }

    func test_run_picksAndReportsASeedWhenNoneIsGiven() async throws {
        var sut = try makeSUT(features: ["features/a.feature": threeScenarios], libraries: [BasketSteps.self]) {
            $0.order = .random(seed: nil)
        }
        sut.runner.randomSeed = { 7 }
        let (summary, spy) = try await run(sut)
        let (_, seeded) = try await run(selection { $0.order = .random(seed: 7) })

        XCTAssertEqual(summary.seed, 7)
        XCTAssertEqual(spy.startedPickleNames, seeded.startedPickleNames)
    }

    func test_run_stopsRunningScenariosAfterTheFirstFailureOnFailFast() async throws {
        let (summary, spy) = try await run(selection { $0.failFast = true })

        XCTAssertEqual(Journal.shared.take(), ["passes", "fails"])
        XCTAssertEqual(spy.testStepResults, [.passed, .failed, .skipped, .skipped, .skipped])
        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 1, failed: 1, skipped: 3))
    }

    func test_run_runsNoCodeOnDryRunButStillMatches() async throws {
        let feature = "Feature: f\n  Scenario: s\n    Given a step fails\n    And a step that nobody wrote\n"
        let sut = try makeSUT(features: ["features/a.feature": feature], libraries: [BasketSteps.self, HooksOnly.self]) {
            $0.dryRun = true
        }
        let (summary, spy) = try await run(sut)

        XCTAssertEqual(Journal.shared.take(), [], "no step and no hook ran")
        XCTAssertTrue(spy.envelopes.compactMap(\.testRunHookStarted).isEmpty)
        XCTAssertEqual(spy.testStepResults, [TestStepResultStatus.skipped, .skipped, .undefined, .skipped])
        XCTAssertEqual(summary.scenarios, StatusCounts(undefined: 1))
    }

    func test_run_succeedsWithPendingAndUndefinedStepsWhenNotStrict() async throws {
        let feature = "Feature: f\n  Scenario: s\n    Given a step is pending\n  Scenario: t\n    Given nothing defined\n"
        let (strict, strictSpy) = try await run(makeSUT(features: ["features/a.feature": feature], libraries: [BasketSteps.self]))
        let (lenient, lenientSpy) = try await run(
            makeSUT(
                features: ["features/a.feature": feature],
                libraries: [BasketSteps.self]
            ) { $0.strict = false })

        XCTAssertFalse(strict.success)
        XCTAssertEqual(strictSpy.runFinished?.success, false)
        XCTAssertTrue(lenient.success)
        XCTAssertEqual(lenientSpy.runFinished?.success, true)
        XCTAssertEqual(lenient.scenarios, StatusCounts(pending: 1, undefined: 1))
    }

    func test_run_retriesFailedScenariosUpToTheRetryCount() async throws {
        let (summary, spy) = try await run(
            makeSUT(
                features: [
                    "features/a.feature": """
                    Feature: f
                      Scenario: flaky
                        Given a step fails
                      Scenario: fine
                        Given a step passes
                      Scenario: undefined is not retried
                        Given nothing defined
                    """
                ], libraries: [BasketSteps.self]
            ) {
                $0.retry = 2; $0.strict = false
            })

        XCTAssertEqual(spy.envelopes.compactMap(\.testCaseStarted).map(\.attempt), [0, 1, 2, 0, 0])
        XCTAssertEqual(spy.envelopes.compactMap(\.testCaseFinished).map(\.willBeRetried), [true, true, false, false, false])
        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 1, failed: 1, undefined: 1))
        XCTAssertEqual(summary.steps, StatusCounts(passed: 1, failed: 1, undefined: 1), "only the last attempt counts")
    }

    func test_run_passesOnRetryWhenALaterAttemptPasses() async throws {
        Flaky.failuresLeft.set(1)
        let (summary, spy) = try await run(
            makeSUT(
                features: [
                    "features/a.feature": """
                    Feature: f
                      Scenario: flaky
                        Given a flaky step
                    """
                ], libraries: [Flaky.self]
            ) { $0.retry = 3 })

        XCTAssertEqual(spy.testStepResults, [.failed, .passed])
        XCTAssertTrue(summary.success)
        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 1))
    }

    func test_run_reportsUnparsableFilesAndRunsTheOthers() async throws {
        let (summary, spy) = try await run(
            makeSUT(
                features: [
                    "features/bad.feature": "Feature: bad\n  Scenario: s\n    Given a step passes\n  not gherkin\n",
                    "features/good.feature": "Feature: good\n  Scenario: good\n    Given a step passes\n",
                ], libraries: [BasketSteps.self]))

        XCTAssertEqual(summary.unparsableFiles, ["features/bad.feature"])
        XCTAssertEqual(summary.exitCode, 3)
        XCTAssertEqual(spy.envelopes.compactMap(\.parseError).count, 1)
        XCTAssertEqual(spy.startedPickleNames, ["good"])
        XCTAssertTrue(summary.success)
    }

    func test_run_reportsAFileThatIsNotUTF8AsUnparsable() async throws {
        let sut = try makeSUT(
            features: ["features/good.feature": "Feature: good\n  Scenario: good\n    Given a step passes\n"],
            libraries: [BasketSteps.self])
        try Data([0x46, 0x65, 0xff, 0xfe, 0x0a]).write(to: URL(fileURLWithPath: sut.folder.root + "/features/latin1.feature"))
        let (summary, spy) = try await run(sut)

        XCTAssertEqual(summary.unparsableFiles, ["features/latin1.feature"])
        XCTAssertEqual(spy.startedPickleNames, ["good"])
        XCTAssertEqual(summary.exitCode, 3)
    }

    // MARK: Helpers

    private func selection(paths: [String] = ["features"], configure: (inout RunConfiguration) -> Void = { _ in })
        throws -> (runner: SpecRunner, folder: FeatureFolder)
    {
        try makeSUT(
            features: ["features/a.feature": threeScenarios], libraries: [BasketSteps.self],
            paths: paths, configure: configure)
    }
}

final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ value: T) { self.value = value }
    func set(_ new: T) { lock.lock(); value = new; lock.unlock() }
    func get() -> T { lock.lock(); defer { lock.unlock() }; return value }
    func update(_ change: (inout T) -> Void) { lock.lock(); change(&value); lock.unlock() }
}

enum HooksOnly: StepLibrary {
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.beforeAll { Journal.shared.record("beforeAll") }
        steps.before { _ in Journal.shared.record("before") }
        steps.after { _ in Journal.shared.record("after") }
    }
}

enum Flaky: StepLibrary {
    static let failuresLeft = Box(0)
    static func register(_ steps: inout Steps<BasketWorld>) {
        steps.given("a flaky step") { _ in
            var fail = false
            failuresLeft.update { left in if left > 0 { left -= 1; fail = true } }
            if fail { throw BoomError() }
        }
    }
}
