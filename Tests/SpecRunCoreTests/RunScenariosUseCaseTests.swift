import Messages
import XCTest

@testable import SpecRunCore

/// Statuses, arguments and failures of single scenarios.
final class RunScenariosUseCaseTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take(); _ = BasketWorld.made.take() }

    func test_run_reportsPassedOnPassingSteps() async throws {
        let (summary, spy) = try await run(feature("Given a step passes\nAnd the basket has 2 items\nThen the basket holds 2 items"))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed])
        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 1))
        XCTAssertEqual(summary.steps, StatusCounts(passed: 3))
        XCTAssertTrue(summary.success)
        XCTAssertEqual(spy.runFinished?.success, true)
        XCTAssertEqual(summary.exitCode, 0)
    }

    func test_run_skipsTheRestOnFailure() async throws {
        let (summary, spy) = try await run(feature("Given a step fails\nAnd a step passes\nAnd a step passes"))

        XCTAssertEqual(spy.testStepResults, [.failed, .skipped, .skipped])
        XCTAssertEqual(Journal.shared.take(), ["fails"])
        XCTAssertEqual(summary.scenarios, StatusCounts(failed: 1))
        XCTAssertFalse(summary.success)
        XCTAssertEqual(summary.exitCode, 1)
    }

    func test_run_reportsFailureWithTypeMessageAndLocation() async throws {
        let (_, spy) = try await run(feature("Given a step fails"))

        let result = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult)
        XCTAssertEqual(result.message, "boom")
        XCTAssertEqual(result.exception?.type, "SpecRunCoreTests.BoomError")
        XCTAssertEqual(result.exception?.message, "boom")
        let trace = try XCTUnwrap(result.exception?.stackTrace)
        XCTAssertTrue(trace.contains("TestLibraries.swift:"), trace)
        XCTAssertTrue(trace.hasSuffix("features/a.feature:3"), trace)
        XCTAssertGreaterThan(result.duration.nanos, 0)
    }

    func test_run_reportsExpectedVersusActualAtTheCallersLine() async throws {
        let (_, spy) = try await run(feature("Given the basket has 2 items\nThen the basket holds 3 items"))

        let result = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).last?.testStepResult)
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.message, "expected 3, got 2")
        XCTAssertEqual(result.exception?.type, "ExpectationFailure")
        XCTAssertTrue(
            result.exception?.stackTrace?.contains("TestLibraries.swift:\(thenHoldsLine)") == true,
            result.exception?.stackTrace ?? "")
    }

    func test_run_reportsPendingWithoutMessageAndSkipsTheRest() async throws {
        let (summary, spy) = try await run(feature("Given a step is pending\nAnd a step passes"))

        XCTAssertEqual(spy.testStepResults, [.pending, .skipped])
        let result = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult)
        XCTAssertNil(result.message)
        XCTAssertNil(result.exception)
        XCTAssertEqual(summary.scenarios, StatusCounts(pending: 1))
        XCTAssertFalse(summary.success, "strict by default")
    }

    func test_run_reportsPendingReasonAsPendingException() async throws {
        let (_, spy) = try await run(feature("Given a step is pending because \"no API yet\""))

        let result = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult)
        XCTAssertEqual(result.status, .pending)
        XCTAssertEqual(result.message, "no API yet")
        XCTAssertEqual(result.exception?.type, "PendingException")
    }

    func test_run_skipsEvenUndefinedStepsAfterAStepSkipsItself() async throws {
        let (summary, spy) = try await run(feature("Given a step skips\nAnd a step that is not defined\nAnd a step passes"))

        XCTAssertEqual(spy.testStepResults, [.skipped, .skipped, .skipped])
        XCTAssertTrue(spy.suggestions.isEmpty)
        XCTAssertEqual(summary.scenarios, StatusCounts(skipped: 1))
        XCTAssertTrue(summary.success)
    }

    func test_run_keepsUndefinedAfterAFailureAndSuggestsASwiftSnippet() async throws {
        let (summary, spy) = try await run(feature("Given a step fails\nAnd I have 3 \"red\" cukes\nAnd a step passes"))

        XCTAssertEqual(spy.testStepResults, [.failed, .undefined, .skipped])
        XCTAssertEqual(summary.steps, StatusCounts(failed: 1, undefined: 1, skipped: 1))
        let snippets = try XCTUnwrap(spy.suggestions.first?.snippets)
        XCTAssertEqual(snippets.first?.language, "swift")
        XCTAssertEqual(
            snippets.first?.code,
            """
            steps.given("I have {int} {string} cukes") { (world, int1: Int, string1: String) in
                try pending()
            }
            """)
        XCTAssertEqual(snippets.count, 2, "{int} then {float}")
        XCTAssertEqual(
            Array(spy.kinds.suffix(7)),
            [
                "testStepStarted", "suggestion", "testStepFinished",
                "testStepStarted", "testStepFinished", "testCaseFinished",
                "testRunFinished",
            ])
    }

    func test_run_suggestsDocStringAndDataTableParameters() async throws {
        let (_, spy) = try await run(feature("When I post:\n  \"\"\"\n  hi\n  \"\"\"\nThen I see:\n  | a |"))

        XCTAssertEqual(
            spy.suggestions.map { $0.snippets[0].code },
            [
                "steps.when(\"I post:\") { (world, docString: DocString) in\n    try pending()\n}",
                "steps.then(\"I see:\") { (world, table: DataTable) in\n    try pending()\n}",
            ])
    }

    func test_run_reportsAmbiguousListingEveryDefinition() async throws {
        let (summary, spy) = try await run(feature("Given a step passes"), libraries: [BasketSteps.self, OverlappingSteps.self])

        XCTAssertEqual(spy.testStepResults, [.ambiguous])
        let testStep = try XCTUnwrap(spy.testCases.first?.testSteps.first)
        XCTAssertEqual(testStep.stepDefinitionIds?.count, 2)
        XCTAssertEqual(testStep.stepMatchArgumentsLists?.map(\.stepMatchArguments.count), [0, 1])
        let message = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult.message)
        XCTAssertTrue(message.contains("a step passes (") && message.contains("a step {word} ("), message)
        XCTAssertTrue(message.contains("TestLibraries.swift:"), message)
        XCTAssertEqual(summary.scenarios, StatusCounts(ambiguous: 1))
        XCTAssertFalse(summary.success)
    }

    func test_run_failsNamingTheDefinitionOnTypeMismatch() async throws {
        let (_, spy) = try await run(feature("Given 12 is written down as a word"))

        let result = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult)
        XCTAssertEqual(result.status, .failed)
        let message = try XCTUnwrap(result.message)
        XCTAssertTrue(message.contains("\"{int} is written down as a word\""), message)
        XCTAssertTrue(message.contains("declared as Bool"), message)
        XCTAssertTrue(message.contains("\"12\""), message)
    }

    func test_run_failsNamingTheDefinitionOnArityMismatch() async throws {
        let (_, spy) = try await run(feature("Given a count without a closure parameter 3"))

        let message = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult.message)
        XCTAssertTrue(message.contains("takes 0 argument(s)") && message.contains("provides 1"), message)
    }

    func test_run_showsAQuotedArgumentOnceOnArityMismatch() async throws {
        // A {string}'s text keeps its quotes: wrapped in quotes again it read ""apple"".
        let (_, spy) = try await run(feature("When I add \"apple\"\n  \"\"\"\n  a note\n  \"\"\""))

        let message = try XCTUnwrap(spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult.message)
        XCTAssertTrue(message.contains("(\"apple\" from {string} → String, a DocString)"), message)
    }

    func test_run_convertsArgumentsToTheClosureTypes() async throws {
        _ = try await run(
            feature(
                """
                Given the flag is true
                And a number 2.5
                And 3 seconds pass
                And the status is green
                """))

        XCTAssertEqual(Journal.shared.take(), ["flag true", "float 2.5", "seconds 3", "status green"])
    }

    func test_run_passesDataTableAndDocStringAsTheLastArgument() async throws {
        let (_, spy) = try await run(
            feature(
                """
                Given the prices:
                  | item  | price |
                  | apple | 1     |
                  | pear  | 2     |
                And the note:
                  ```markdown
                  hello
                  ```
                """))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed])
        XCTAssertEqual(Journal.shared.take(), ["table apple=1,pear=2", "note hello markdown"])
    }

    func test_run_makesAFreshWorldPerScenario() async throws {
        let (_, spy) = try await run(
            """
            Feature: f
              Scenario: one
                Given a world counter is bumped
                And a world counter is bumped
              Scenario: two
                Given a world counter is bumped
            """)

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed])
        XCTAssertEqual(Journal.shared.take(), ["count 1", "count 2", "count 1"])
        XCTAssertEqual(BasketWorld.made.take(), 2)
    }

    func test_run_reportsTheMatchArgumentsInTheTestCase() async throws {
        let (_, spy) = try await run(feature("Given the basket has 42 items"))

        let arguments = try XCTUnwrap(spy.testCases.first?.testSteps.first?.stepMatchArgumentsLists?.first?.stepMatchArguments)
        XCTAssertEqual(arguments, [StepMatchArgument(group: Group(start: 15, value: "42"), parameterTypeName: "int")])
    }

    // MARK: Helpers

    private let thenHoldsLine = 44

    private func feature(_ steps: String) -> String {
        "Feature: f\n  Scenario: s\n"
            + steps.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    private func run(
        _ feature: String, libraries: [any StepLibrary.Type] = [BasketSteps.self],
        configure: (inout RunConfiguration) -> Void = { _ in }
    ) async throws -> (RunSummary, EnvelopeSpy) {
        try await run(makeSUT(features: ["features/a.feature": feature], libraries: libraries, configure: configure))
    }
}

final class RunCollectingTests: XCTestCase {
    func test_runCollecting_returnsTheSameEnvelopesAsRun() async throws {
        let feature = ["features/a.feature": "Feature: f\n  Scenario: s\n    Given a step passes\n"]
        let (_, spy) = try await run(makeSUT(features: feature, libraries: [BasketSteps.self]))
        let sut = try makeSUT(features: feature, libraries: [BasketSteps.self])
        let (summary, envelopes) = try await sut.runner.runCollecting()

        XCTAssertEqual(envelopes.map(\.kind), spy.kinds)
        XCTAssertEqual(summary.scenarios, StatusCounts(passed: 1))
    }
}
