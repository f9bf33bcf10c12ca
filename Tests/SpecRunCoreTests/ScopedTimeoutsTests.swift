import Messages
import XCTest

@testable import SpecRunCore

final class TimeoutWorld: World { required init() {} }

/// Steps that wait (asynchronously) for a while, with and without a limit of their own.
enum TimeoutSteps: StepLibrary {
    static func register(_ steps: inout Steps<TimeoutWorld>) {
        steps.when("it waits {int} ms") { (_: TimeoutWorld, ms: Int) in try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000) }
        steps.when("a step limited to 2 s waits {int} ms", timeout: .seconds(2)) { (_: TimeoutWorld, ms: Int) in
            try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
        }
        steps.when("a step limited to 100 ms waits {int} ms", timeout: .milliseconds(100)) { (_: TimeoutWorld, ms: Int) in
            try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
        }
        steps.then("it passes") { _ in }
    }
}

/// Scoped timeouts: `@timeout:` tags (innermost wins), the run's tag timeouts (the longest matching), a step
/// definition's `timeout:` before both; raced in this process when no worker enforces them.
final class ScopedTimeoutsTests: XCTestCase {
    func test_seconds_readsMillisecondsSecondsMinutesAndPlainNumbers() {
        XCTAssertEqual(TimeoutText.seconds("500ms"), 0.5)
        XCTAssertEqual(TimeoutText.seconds("5s"), 5)
        XCTAssertEqual(TimeoutText.seconds("1.5s"), 1.5)
        XCTAssertEqual(TimeoutText.seconds("2m"), 120)
        XCTAssertEqual(TimeoutText.seconds("7"), 7)
        XCTAssertEqual(TimeoutText.seconds("0"), 0)
    }

    func test_isTimeoutTag_namesTheTagsThatStartWithTheTimeoutPrefixOnly() {
        XCTAssertTrue(ScopedTimeouts.isTimeoutTag("@timeout:5s"))
        XCTAssertTrue(ScopedTimeouts.isTimeoutTag("@timeout:"))
        for tag in ["@timeouts", "@timeout", "@slow", "timeout:5s", "@TIMEOUT:5s", "", "@timeout\u{301}:5s"] {
            XCTAssertFalse(ScopedTimeouts.isTimeoutTag(tag), tag)
        }
        // A colon a combining mark follows is another character: as text, the tag does not start with the prefix.
        XCTAssertFalse(ScopedTimeouts.isTimeoutTag("@timeout:\u{301}5s"))
        XCTAssertEqual(ScopedTimeouts.empty.scenario(tags: ["@timeout:\u{301}5s"]), .none)
    }

    func test_seconds_refusesWhatIsNoDurationOnBadText() {
        for text in ["abc", "", "s", "-1s", "5 parsecs", "1e3s", "nan", "400d", "9999999999s"] {
            XCTAssertNil(TimeoutText.seconds(text), text)
        }
    }

    func test_tagTimeout_splitsAtTheLastEqualsSign() {
        XCTAssertEqual(TagTimeout(parsing: "@slow=30s"), TagTimeout(expression: "@slow", seconds: 30))
        XCTAssertEqual(TagTimeout(parsing: "@db and not @fast = 2m"), TagTimeout(expression: "@db and not @fast", seconds: 120))
        XCTAssertNil(TagTimeout(parsing: "@slow"))
        XCTAssertNil(TagTimeout(parsing: "=30s"))
        XCTAssertNil(TagTimeout(parsing: "@slow=fast"))
    }

    func test_scenario_takesTheInnermostTimeoutTagOnNestedTags() throws {
        let timeouts = try ScopedTimeouts([TagTimeout(expression: "@slow", seconds: 30)])

        XCTAssertEqual(
            timeouts.scenario(tags: ["@timeout:2m", "@slow", "@timeout:5s"]),
            .limit(StepLimit(seconds: 5, source: "@timeout:5s")))
    }

    func test_scenario_takesTheLongestMatchingTagTimeoutOnSeveralMatches() throws {
        let timeouts = try ScopedTimeouts([
            TagTimeout(expression: "@slow", seconds: 30), TagTimeout(expression: "@db", seconds: 90),
            TagTimeout(expression: "@other", seconds: 500),
        ])

        XCTAssertEqual(timeouts.scenario(tags: ["@slow", "@db"]), .limit(StepLimit(seconds: 90, source: "--tag-timeout '@db=90s'")))
        XCTAssertEqual(timeouts.scenario(tags: ["@fast"]), ScopedTimeouts.Scenario.none)
    }

    func test_scenario_isInvalidOnATimeoutTagThatIsNoDuration() throws {
        guard case .invalid(let message) = ScopedTimeouts.empty.scenario(tags: ["@timeout:abc"]) else { return XCTFail("not invalid") }

        XCTAssertTrue(message.contains("'@timeout:abc'"), message)
    }

    func test_init_refusesATagTimeoutWhoseExpressionDoesNotParse() {
        XCTAssertThrowsError(try ScopedTimeouts([TagTimeout(expression: "@a and", seconds: 1)]))
    }

    // MARK: In this process (--no-isolation, SpecSuite)

    func test_run_failsAStepPastItsTagLimitWithTimeoutAndRunsTheOthers() async throws {
        let (summary, spy) = try await run(
            makeSUT(
                features: [
                    "features/t.feature": """
                    Feature: t
                      @timeout:100ms
                      Scenario: slow
                        When it waits 1500 ms
                        Then it passes
                      Scenario: untagged
                        When it waits 200 ms
                    """
                ], libraries: [TimeoutSteps.self]))

        let results = spy.envelopes.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .skipped, .passed])
        XCTAssertEqual(results[0].exception?.type, "Timeout")
        XCTAssertTrue(
            results[0].message?.hasPrefix(
                "the step timed out after 100 ms (step 'it waits 1500 ms' at features/t.feature:4; its limit: @timeout:100ms)") ?? false,
            results[0].message ?? "")
        XCTAssertEqual(summary.scenarios.failed, 1)
    }

    func test_run_letsAStepDefinitionsTimeoutWinOverTheTagAndTheTagOverTagTimeouts() async throws {
        let (_, spy) = try await run(
            makeSUT(
                features: [
                    "features/t.feature": """
                    Feature: t
                      @timeout:100ms
                      Scenario: the definition's 2 s wins over the tag
                        When a step limited to 2 s waits 300 ms
                      @timeout:100ms
                      Scenario: the definition's 100 ms wins over the tag
                        When a step limited to 100 ms waits 1000 ms
                      @slow @timeout:1s
                      Scenario: the tag wins over the tag timeout
                        When it waits 300 ms
                      @slow
                      Scenario: the tag timeout applies
                        When it waits 1000 ms
                    """
                ], libraries: [TimeoutSteps.self], configure: { $0.tagTimeouts = [TagTimeout(expression: "@slow", seconds: 0.1)] }))

        let results = spy.envelopes.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.passed, .failed, .passed, .failed])
        XCTAssertTrue(results[1].message?.contains("its limit: timeout: of the step definition at ") ?? false, results[1].message ?? "")
        XCTAssertTrue(results[3].message?.contains("its limit: --tag-timeout '@slow=100ms'") ?? false, results[3].message ?? "")
    }

    func test_run_failsAScenarioWithABadTimeoutTagAtItsFirstStep() async throws {
        let (_, spy) = try await run(
            makeSUT(
                features: [
                    "features/t.feature": """
                    Feature: t
                      @timeout:soon
                      Scenario: bad
                        Given it passes
                    """
                ], libraries: [TimeoutSteps.self]))

        let result = spy.envelopes.compactMap(\.testStepFinished).first?.testStepResult
        XCTAssertEqual(result?.status, .failed)
        XCTAssertEqual(result?.exception?.type, "InvalidTimeout")
    }

    func test_run_refusesATagTimeoutWhoseExpressionDoesNotParse() async throws {
        let sut = try makeSUT(
            features: ["features/t.feature": "Feature: t\n  Scenario: s\n    Given it passes\n"],
            libraries: [TimeoutSteps.self], configure: { $0.tagTimeouts = [TagTimeout(expression: "@a and", seconds: 1)] })

        do {
            _ = try await run(sut)
            XCTFail("ran")
        } catch {
            XCTAssertTrue("\(error)".contains("@a and"), "\(error)")
        }
    }
}
