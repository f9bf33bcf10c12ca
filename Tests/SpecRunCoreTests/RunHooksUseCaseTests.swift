import Messages
import XCTest

@testable import SpecRunCore

final class HookWorld: World {
    required init() {}
}

enum HookSteps: StepLibrary {
    static func register(_ steps: inout Steps<HookWorld>) {
        steps.beforeAll { Journal.shared.record("beforeAll 1") }
        steps.beforeAll { Journal.shared.record("beforeAll 2") }
        steps.afterAll { Journal.shared.record("afterAll 1") }
        steps.afterAll { Journal.shared.record("afterAll 2") }
        steps.before { _ in Journal.shared.record("before 1") }
        steps.before(name: "early", order: -1) { _ in Journal.shared.record("before early") }
        steps.before(tags: "@tagged") { _ in Journal.shared.record("before tagged") }
        steps.after { _ in Journal.shared.record("after 1") }
        steps.after(name: "second after") { _ in Journal.shared.record("after 2") }
        steps.after(tags: "@fail-after") { _ in throw BoomError() }
        steps.before(tags: "@fail-before") { _ in throw BoomError() }
        steps.before(tags: "@skip-before") { _ in try skip() }
        steps.beforeStep { _ in Journal.shared.record("beforeStep") }
        steps.afterStep { _ in Journal.shared.record("afterStep") }
        steps.given("a step passes") { _ in Journal.shared.record("step") }
        steps.given("a step fails") { _ in
            Journal.shared.record("step fails"); throw BoomError()
        }
        steps.after(tags: "@attach") { _ in attach("from after", mediaType: "text/plain") }
    }
}

enum FailingBeforeAllSteps: StepLibrary {
    static func register(_ steps: inout Steps<HookWorld>) {
        steps.beforeAll {
            Journal.shared.record("beforeAll 1"); throw BoomError()
        }
        steps.beforeAll { Journal.shared.record("beforeAll 2") }
        steps.afterAll { Journal.shared.record("afterAll") }
        steps.given("a step passes") { _ in Journal.shared.record("step") }
    }
}

final class RunHooksUseCaseTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take() }

    func test_run_runsHooksInOrderAroundStepsAndAfterHooksInReverse() async throws {
        let (_, spy) = try await run(scenario("Given a step passes"))

        XCTAssertEqual(
            Journal.shared.take(),
            [
                "beforeAll 1", "beforeAll 2",
                "before early", "before 1", "beforeStep", "step", "afterStep", "after 2", "after 1",
                "afterAll 2", "afterAll 1",
            ])
        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed, .passed, .passed])
        XCTAssertEqual(spy.testCases.first?.testSteps.map { $0.hookId != nil }, [true, true, false, true, true])
    }

    func test_run_filtersHooksByTagExpression() async throws {
        _ = try await run(scenario("Given a step passes", tags: "@tagged"))

        XCTAssertTrue(Journal.shared.take().contains("before tagged"))
    }

    func test_run_runsAfterHooksEvenAfterAFailedStep() async throws {
        let (summary, spy) = try await run(scenario("Given a step fails\nAnd a step passes"))

        XCTAssertEqual(
            Journal.shared.take(),
            [
                "beforeAll 1", "beforeAll 2", "before early", "before 1", "beforeStep", "step fails", "afterStep",
                "after 2", "after 1", "afterAll 2", "afterAll 1",
            ])
        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .failed, .skipped, .passed, .passed])
        XCTAssertEqual(summary.steps, StatusCounts(failed: 1, skipped: 1))
    }

    func test_run_skipsStepsButRunsAfterHooksWhenABeforeHookFails() async throws {
        let (summary, spy) = try await run(scenario("Given a step passes", tags: "@fail-before"))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .failed, .skipped, .passed, .passed])
        XCTAssertEqual(summary.scenarios, StatusCounts(failed: 1))
        XCTAssertEqual(summary.steps, StatusCounts(skipped: 1), "hooks are not counted as steps")
    }

    func test_run_skipsTheScenarioWhenABeforeHookSkips() async throws {
        let (summary, spy) = try await run(scenario("Given a step passes", tags: "@skip-before"))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .skipped, .skipped, .passed, .passed])
        XCTAssertEqual(summary.scenarios, StatusCounts(skipped: 1))
        XCTAssertTrue(summary.success)
    }

    func test_run_reportsAFailingAfterHookAsAFailedTestStep() async throws {
        let (summary, spy) = try await run(scenario("Given a step passes", tags: "@fail-after"))

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed, .failed, .passed, .passed])
        XCTAssertEqual(summary.scenarios, StatusCounts(failed: 1))
    }

    func test_run_emitsHookAndTestRunHookMessages() async throws {
        let (_, spy) = try await run(scenario("Given a step passes"))

        let hooks = spy.envelopes.compactMap(\.hook)
        XCTAssertEqual(
            hooks.map(\.type),
            [
                .beforeTestRun, .beforeTestRun, .afterTestRun, .afterTestRun,
                .beforeTestCase, .beforeTestCase, .beforeTestCase,
                .afterTestCase, .afterTestCase, .afterTestCase, .beforeTestCase,
                .beforeTestCase, .beforeTestStep, .afterTestStep, .afterTestCase,
            ])
        XCTAssertEqual(hooks.compactMap(\.name), ["early", "second after"])
        XCTAssertEqual(hooks.compactMap(\.tagExpression), ["@tagged", "@fail-after", "@fail-before", "@skip-before", "@attach"])
        XCTAssertTrue(hooks.allSatisfy { $0.sourceReference.location?.line ?? 0 > 0 })
        let started = spy.envelopes.compactMap(\.testRunHookStarted)
        XCTAssertEqual(started.map(\.hookId), [hooks[0].id, hooks[1].id, hooks[3].id, hooks[2].id])
        XCTAssertEqual(spy.envelopes.compactMap(\.testRunHookFinished).map(\.result.status), [.passed, .passed, .passed, .passed])
        let kinds = spy.kinds
        XCTAssertLessThan(kinds.firstIndex(of: "testRunStarted")!, kinds.firstIndex(of: "testRunHookStarted")!)
        XCTAssertLessThan(kinds.lastIndex(of: "testRunHookFinished")!, kinds.firstIndex(of: "testRunFinished")!)
    }

    func test_run_attachesFromHooksToTheHookStep() async throws {
        let (_, spy) = try await run(scenario("Given a step passes", tags: "@attach"))

        let attachment = try XCTUnwrap(spy.attachments.first)
        let afterHookStep = try XCTUnwrap(
            spy.testCases.first?.testSteps.first { step in
                step.hookId == spy.envelopes.compactMap(\.hook).first { $0.tagExpression == "@attach" }?.id
            })
        XCTAssertEqual(attachment.testStepId, afterHookStep.id)
        XCTAssertEqual(attachment.body, "from after")
    }

    func test_run_sendsNoTestCaseButRunsEveryGlobalHookWhenABeforeAllHookFails() async throws {
        let (summary, spy) = try await run(scenario("Given a step passes"), libraries: [FailingBeforeAllSteps.self])

        XCTAssertEqual(Journal.shared.take(), ["beforeAll 1", "beforeAll 2", "afterAll"])
        XCTAssertTrue(spy.testCases.isEmpty)
        XCTAssertEqual(spy.envelopes.compactMap(\.testRunHookFinished).map(\.result.status), [.failed, .passed, .passed])
        XCTAssertEqual(spy.runFinished?.success, false)
        XCTAssertEqual(summary.exitCode, 1)
    }

    func test_run_bindsScopedLibrariesOnlyInMatchingScenariosWithTheirOwnWorld() async throws {
        _ = OtherWorld.made.take()
        let (_, spy) = try await run(
            """
            Feature: f
              @other
              Scenario: in scope
                Given another world is used
                And a step passes
              Scenario: out of scope
                Given another world is used
            """, libraries: [FailingBeforeAllStepsFree.self, ScopedOtherSteps.self])

        XCTAssertEqual(spy.testStepResults, [.passed, .passed, .passed, .undefined])
        XCTAssertEqual(Journal.shared.take(), ["other beforeAll", "other before", "other", "step"], "scopes leave global hooks alone")
        XCTAssertEqual(OtherWorld.made.take(), 1)
    }

    // MARK: Helpers

    private func scenario(_ steps: String, tags: String = "") -> String {
        "Feature: f\n  \(tags)\n  Scenario: s\n" + steps.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
    }

    private func run(_ feature: String, libraries: [any StepLibrary.Type] = [HookSteps.self]) async throws -> (RunSummary, EnvelopeSpy) {
        try await run(makeSUT(features: ["features/a.feature": feature], libraries: libraries))
    }
}

enum FailingBeforeAllStepsFree: StepLibrary {
    static func register(_ steps: inout Steps<HookWorld>) {
        steps.given("a step passes") { _ in Journal.shared.record("step") }
    }
}

enum ScenarioContextSteps: StepLibrary {
    static let seen = Box([ScenarioContext?]())
    static func register(_ steps: inout Steps<HookWorld>) {
        steps.beforeAll { seen.update { $0.append(ScenarioContext.current) } }
        steps.given("a step passes") { _ in seen.update { $0.append(ScenarioContext.current) } }
        steps.given("a step fails") { _ in throw BoomError() }
        steps.after { _ in seen.update { $0.append(ScenarioContext.current) } }
    }
}

final class ScenarioContextTests: XCTestCase {
    func test_current_describesTheRunningScenarioAndItsStatusSoFar() async throws {
        ScenarioContextSteps.seen.set([])
        _ = try await run(
            makeSUT(
                features: [
                    "features/a.feature": """
                    Feature: f
                      @web
                      Scenario: checkout
                        Given a step passes
                        And a step fails
                    """
                ], libraries: [ScenarioContextSteps.self]
            ) { $0.strict = true })

        let seen = ScenarioContextSteps.seen.get()
        XCTAssertEqual(seen.count, 3)
        XCTAssertNil(seen[0], "no scenario in BeforeAll")
        XCTAssertEqual(seen[1], ScenarioContext(name: "checkout", tags: ["@web"], uri: "features/a.feature", attempt: 0, status: .passed))
        XCTAssertEqual(seen[2]?.status, .failed)
        XCTAssertEqual(seen[2]?.failed, true)
    }
}

enum StepHookFailureSteps: StepLibrary {
    static func register(_ steps: inout Steps<HookWorld>) {
        steps.beforeStep(tags: "@before-step-fails") { _ in throw BoomError() }
        steps.afterStep(tags: "@after-step-fails") { _ in
            Journal.shared.record("afterStep"); throw BoomError()
        }
        steps.beforeStep(order: -1) { _ in log("before step") }
        steps.given("a step passes") { _ in Journal.shared.record("step") }
    }
}

final class StepHooksTests: XCTestCase {
    override func setUp() { _ = Journal.shared.take() }

    func test_run_failsTheStepWithoutRunningItWhenABeforeStepHookFails() async throws {
        let (_, spy) = try await run("@before-step-fails")

        XCTAssertEqual(spy.testStepResults, [.failed, .skipped])
        XCTAssertEqual(Journal.shared.take(), [])
        XCTAssertEqual(spy.attachments.map(\.body), ["before step"], "the hook with the lower order ran first")
    }

    func test_run_failsTheStepWhenAnAfterStepHookFails() async throws {
        let (summary, spy) = try await run("@after-step-fails")

        XCTAssertEqual(spy.testStepResults, [.failed, .skipped])
        XCTAssertEqual(Journal.shared.take(), ["step", "afterStep"])
        XCTAssertEqual(summary.steps, StatusCounts(failed: 1, skipped: 1))
    }

    private func run(_ tag: String) async throws -> (RunSummary, EnvelopeSpy) {
        try await run(
            makeSUT(
                features: [
                    "features/a.feature": """
                    Feature: f
                      \(tag)
                      Scenario: s
                        Given a step passes
                        And a step passes
                    """
                ], libraries: [StepHookFailureSteps.self]))
    }
}
