import Foundation
import SpecRun
import SpecRunTesting
import Testing

@testable import SpecRunTesting

final class SuiteWorld: World {
    let who = WorldParameters.string("who") ?? "nobody"
    required init() {}
}

/// What the suite's hooks and steps did, across scenarios.
final class SuiteJournal: @unchecked Sendable {
    static let shared = SuiteJournal()
    private let lock = NSLock()
    private var entries: [String] = []
    private var running = 0
    private(set) var mostAtOnce = 0

    func record(_ entry: String) { lock.lock(); entries.append(entry); lock.unlock() }
    func enter() { lock.lock(); running += 1; mostAtOnce = max(mostAtOnce, running); lock.unlock() }
    func leave() { lock.lock(); running -= 1; lock.unlock() }
    func take() -> [String] { lock.lock(); defer { entries = []; mostAtOnce = 0; lock.unlock() }; return entries }
    var atOnce: Int { lock.lock(); defer { lock.unlock() }; return mostAtOnce }
}

enum SuiteSteps: StepLibrary {
    static func register(_ steps: inout Steps<SuiteWorld>) {
        steps.beforeAll { SuiteJournal.shared.record("beforeAll") }
        steps.afterAll { SuiteJournal.shared.record("afterAll") }
        steps.given("a passing step") { _ in }
        steps.given("a failing step") { _ in throw fail("it broke") }
        steps.given("a step taking {int} ms") { (_, milliseconds: Int) in
            SuiteJournal.shared.enter()
            defer { SuiteJournal.shared.leave() }
            try await Task.sleep(for: .milliseconds(milliseconds))
            SuiteJournal.shared.record("step")
        }
        // (Touch no journal: a step past its limit is left running, and would record into a later test.)
        steps.given("a step sleeping {int} ms") { (_, milliseconds: Int) in try await Task.sleep(for: .milliseconds(milliseconds)) }
        steps.given("a step limited to 200 ms sleeping {int} ms", timeout: .milliseconds(200)) { (_, milliseconds: Int) in
            try await Task.sleep(for: .milliseconds(milliseconds))
        }
        steps.given("the world parameter who is {string}") { (world, who: String) in try expect(world.who, equals: who) }
    }
}

/// SpecRunTesting itself: scenarios listed by feature and line; a failing step becomes an issue of its test at
/// the step's line; scenarios run one at a time and hooks once whatever the runner's parallelism; tags, names,
/// world parameters and a time limit.
@Suite("SpecRunTesting", .serialized)
struct SpecSuiteTests {
    @Test("A failing scenario records its failing step and message at the step's line")
    func failingScenarioRecordsAnIssue() async throws {
        let root = try makeFeatures(
            "Feature: F\n  Scenario: passes\n    Given a passing step\n  Scenario: fails\n    Given a failing step\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = SpecScenario.all(root: root, tags: nil, name: nil)
        #expect(scenarios.map(\.selector) == ["Features/f.feature:2", "Features/f.feature:4"])
        #expect(scenarios.map(\.name) == ["passes", "fails"])
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil)

        try await suite.run(scenarios[0])
        try await withKnownIssue {
            try await suite.run(scenarios[1])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("FAILED: a failing step") && text.contains("it broke") && issue.sourceLocation?.line == 5
                && issue.sourceLocation?.fileID == "Features/f.feature"
        }
        _ = SuiteJournal.shared.take()
    }

    @Test("Scenarios asked for at once run one at a time, between one BeforeAll and one AfterAll")
    func concurrentRunsAreSerialized() async throws {
        let scenario = "  Scenario: s%d\n    Given a step taking 100 ms\n"
        let root = try makeFeatures("Feature: F\n" + (1...6).map { String(format: scenario, $0) }.joined())
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = SpecScenario.all(root: root, tags: nil, name: nil)
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil)
        _ = SuiteJournal.shared.take()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for scenario in scenarios { group.addTask { try await suite.run(scenario) } }
            try await group.waitForAll()
        }

        #expect(SuiteJournal.shared.atOnce == 1)
        #expect(SuiteJournal.shared.take() == ["beforeAll"] + Array(repeating: "step", count: 6) + ["afterAll"])
    }

    @Test("Tag expressions and name patterns select scenarios, as specrun --tags and --name")
    func tagsAndNamesSelect() throws {
        let root = try makeFeatures(
            """
            Feature: F
              @smoke
              Scenario: login works
                Given a passing step
              @smoke @wip
              Scenario: logout works
                Given a passing step
              Scenario: search works
                Given a passing step

            """)
        defer { try? FileManager.default.removeItem(at: root) }

        #expect(SpecScenario.all(root: root, tags: "@smoke and not @wip", name: nil).map(\.name) == ["login works"])
        #expect(SpecScenario.all(root: root, tags: nil, name: "^(logout|search)").map(\.name) == ["logout works", "search works"])
        #expect(SpecScenario.all(root: root, tags: "@smoke", name: "out").map(\.tags) == [["@smoke", "@wip"]])
        #expect(SpecScenario.all(root: root, tags: nil, name: nil, scenario: "Features/f.feature:6").map(\.name) == ["logout works"])
        #expect(SpecScenario.all(root: root, tags: nil, name: nil, scenario: "search works").map(\.selector) == ["Features/f.feature:8"])
        #expect(SpecScenario.all(root: root, tags: nil, name: nil, scenario: "search").isEmpty, "the whole name, not a part")
    }

    @Test(
        "A tag expression or name pattern that does not parse fails every test, saying so, instead of skipping it",
        arguments: [
            ("@a and" as String?, nil as String?, "bad tag expression '@a and'"),
            (nil as String?, "(" as String?, "bad --name regular expression '('"),
        ])
    func unparsableSelectionFailsEveryTest(tags: String?, name: String?, said: String) async throws {
        let root = try makeFeatures("Feature: F\n  Scenario: passes\n    Given a passing step\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: tags, name: name)

        #expect(suite.selects("Features/f.feature:2"), "skipped, the test would pass")
        try await withKnownIssue {
            try await suite.run("Features/f.feature:2")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(said)
        }
        _ = SuiteJournal.shared.take()
    }

    @Test("A SPECRUN_SCENARIO that is no scenario of the folder is a selection problem; a sound selection is none")
    func scenarioNamingNothingIsAProblem() throws {
        let root = try makeFeatures("Feature: F\n  Scenario: passes\n    Given a passing step\n")
        defer { try? FileManager.default.removeItem(at: root) }
        func problem(tags: String? = nil, name: String? = nil, scenario: String?, selectsAny: Bool) -> String? {
            SpecSuite.selectionProblem(
                tags: tags, name: name, scenario: scenario, selectsAny: selectsAny, folder: "Features", root: root)
        }

        #expect(
            problem(scenario: "Features/nope.feature:15", selectsAny: false)?.contains(
                "SPECRUN_SCENARIO 'Features/nope.feature:15' is no scenario of Features/") == true)
        #expect(problem(scenario: "Features/f.feature:3", selectsAny: false) != nil, "a step's line is not its scenario's")
        #expect(problem(scenario: "Features/f.feature:2", selectsAny: false) == nil, "a scenario the tags left out")
        #expect(problem(scenario: "passes", selectsAny: false) == nil)
        #expect(problem(tags: "@smoke", name: "^p", scenario: nil, selectsAny: false) == nil, "selecting nothing is no error")
    }

    @Test("An undefined step fails its test with the snippet that defines it")
    func undefinedStepRecordsItsSnippet() async throws {
        let root = try makeFeatures("Feature: F\n  Scenario: todo\n    Given nobody wrote 3 of these\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil)

        try await withKnownIssue {
            try await suite.run("Features/f.feature:2")
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("nobody wrote 3 of these") && text.contains(#"steps.given("nobody wrote {int} of these")"#)
        }
        _ = SuiteJournal.shared.take()
    }

    @Test("World parameters reach every World")
    func worldParametersReachTheWorld() async throws {
        let root = try makeFeatures("Feature: F\n  Scenario: who\n    Given the world parameter who is \"ada\"\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil, worldParameters: ["who": "ada"])

        try await suite.run(SpecScenario.all(root: root, tags: nil, name: nil)[0])
        _ = SuiteJournal.shared.take()
    }

    @Test("A scenario running past its time limit fails its test, and the next one runs")
    func timeoutFailsTheScenario() async throws {
        let root = try makeFeatures(
            "Feature: F\n  Scenario: slow\n    Given a step taking 3000 ms\n  Scenario: quick\n    Given a passing step\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = SpecScenario.all(root: root, tags: nil, name: nil)
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil, timeout: .milliseconds(300))
        let started = ContinuousClock.now

        try await withKnownIssue {
            try await suite.run(scenarios[0])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("timed out after") && issue.sourceLocation?.line == 2
        }
        try await suite.run(scenarios[1])

        #expect(ContinuousClock.now - started < .seconds(2))
        _ = SuiteJournal.shared.take()
    }

    @Test("A @timeout: tag and a step definition's timeout: fail the step past them, at its line")
    func scopedTimeoutsFailTheStep() async throws {
        let root = try makeFeatures(
            """
            Feature: F
              @timeout:200ms
              Scenario: tagged
                Given a step sleeping 3000 ms
              Scenario: limited by its definition
                Given a step limited to 200 ms sleeping 3000 ms
              @timeout:2s
              Scenario: within the tag's limit
                Given a step sleeping 300 ms

            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = SpecScenario.all(root: root, tags: nil, name: nil)
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil, timeout: .seconds(60))
        let started = ContinuousClock.now

        for (scenario, line, source) in [
            (scenarios[0], 4, "its limit: @timeout:200ms"), (scenarios[1], 6, "its limit: timeout: of the step definition"),
        ] {
            try await withKnownIssue {
                try await suite.run(scenario)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("the step timed out after 200 ms") && text.contains(source) && issue.sourceLocation?.line == line
            }
        }
        try await suite.run(scenarios[2])

        #expect(ContinuousClock.now - started < .seconds(2))
        _ = SuiteJournal.shared.take()
    }

    @Test("Tag timeouts limit each step of the scenarios they match, as specrun --tag-timeout")
    func test_run_failsTheStepPastItsLimitOnATagTimeout() async throws {
        let root = try makeFeatures(
            """
            Feature: F
              @slow
              Scenario: past the tag's limit
                Given a step sleeping 3000 ms
              @db
              Scenario: longer than the suite's timeout, within its tag's
                Given a step sleeping 600 ms
              Scenario: untagged
                Given a passing step

            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = SpecScenario.all(root: root, tags: nil, name: nil)
        let suite = SpecSuite(
            libraries: [SuiteSteps.self], root: root, tags: nil, name: nil, timeout: .milliseconds(300),
            tagTimeouts: ["@slow": .milliseconds(200), "@db": .seconds(5)])
        let started = ContinuousClock.now

        try await withKnownIssue {
            try await suite.run(scenarios[0])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("the step timed out after 200 ms") && text.contains("@slow=200ms") && issue.sourceLocation?.line == 4
        }
        try await suite.run(scenarios[1])
        try await suite.run(scenarios[2])

        #expect(ContinuousClock.now - started < .seconds(2))
        _ = SuiteJournal.shared.take()
    }

    @Test("A tag timeout whose expression does not parse fails the scenario's test with the expression")
    func test_run_recordsTheExpressionOnATagTimeoutThatDoesNotParse() async throws {
        let root = try makeFeatures("Feature: F\n  Scenario: s\n    Given a passing step\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: nil, name: nil, tagTimeouts: ["@slow and": .seconds(1)])

        try await withKnownIssue {
            try await suite.run("Features/f.feature:2")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("bad tag expression '@slow and'")
        }
    }

    @Test("A selector runs its scenario; one the suite does not select is refused, and reported so")
    func test_runSelector_runsTheScenarioOnASelectorItSelects() async throws {
        let root = try makeFeatures(
            """
            Feature: F
              Scenario: fails
                Given a failing step
              @wip
              Scenario: not selected
                Given a failing step

            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let suite = SpecSuite(libraries: [SuiteSteps.self], root: root, tags: "not @wip", name: nil)

        #expect(suite.selects("Features/f.feature:2"))
        #expect(!suite.selects("Features/f.feature:5"))
        #expect(!suite.selects("Features/f.feature:3"))
        try await withKnownIssue {
            try await suite.run("Features/f.feature:2")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("it broke") && issue.sourceLocation?.line == 3
        }
        try await withKnownIssue {
            try await suite.run("Features/f.feature:5")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("Features/f.feature:5 is not a scenario this suite runs")
        }
        _ = SuiteJournal.shared.take()
    }

    /// A temporary project with `Features/f.feature`; the caller removes it (`defer`).
    private func makeFeatures(_ text: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Features"), withIntermediateDirectories: true)
        try text.write(to: root.appendingPathComponent("Features/f.feature"), atomically: true, encoding: .utf8)
        return root
    }
}
