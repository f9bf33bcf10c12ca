import Foundation
import Messages
import XCTest

/// Steps that trap, overflow the stack, exit, or write envelope-shaped lines, one per test: the run finishes, the
/// scenario is reported with the cause, the scenarios before and after it are unaffected, the exit code is right.
/// (`HostileResourceStepsEndToEndTests`: memory, processes left running, huge messages and attachments.)
final class HostileStepsEndToEndTests: XCTestCase {
    func test_run_failsTheScenarioWithSIGSEGVAndRunsTheOthersOnAStackOverflow() throws {
        let run = try runBetweenPassingScenarios("When a step recurses without end")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertTrue(run.message.contains("SIGSEGV") && run.message.contains("stack overflow"), run.message)
    }

    func test_run_failsTheScenarioAsEndedAndRunsTheOthersOnExitZeroInAStep() throws {
        let run = try runBetweenPassingScenarios("When a step calls exit 0")
        XCTAssertEqual(run.status, 1, "exit(0) in a step is no pass: \(run.stderr)")
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertTrue(run.message.contains("ended the process (exit status 0) before its scenario finished"), run.message)
    }

    func test_run_failsTheScenarioAsEndedAndRunsTheOthersOnExitThreeInAStep() throws {
        let run = try runBetweenPassingScenarios("When a step calls exit 3")
        XCTAssertEqual(run.status, 1, "the step's 3 is not specrun's 'unparsable': \(run.stderr)")
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertTrue(run.message.contains("ended the process (exit status 3)"), run.message)
    }

    func test_run_failsTheRunAndWritesItsReportsOnExitZeroInAStepWithoutIsolation() throws {
        let run = try runBetweenPassingScenarios("When a step calls exit 0", isolated: false)
        XCTAssertEqual(run.status, 1, "exit(0) in a step is no pass: \(run.stderr)")
        XCTAssertEqual(run.statuses, [.passed], "the scenario before it; none after")
        let finished = run.stream.compactMap(\.testRunFinished)
        XCTAssertEqual(finished.map(\.success), [false])
        XCTAssertEqual(finished.first?.exception?.type, "StepExited")
        XCTAssertTrue(run.stderr.contains("a step ended the process (it called exit())"), run.stderr)
    }

    func test_run_quotesTheRuntimesLineAndRunsTheOthersOnFatalError() throws {
        let run = try runBetweenPassingScenarios("When a step calls fatalError")
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .failed, .passed])
        XCTAssertTrue(run.message.contains("Fatal error: the fixture gives up"), run.message)
    }

    func test_run_keepsTheStreamAndPassesOnAStepPrintingAnEnvelopeShapedLine() throws {
        let run = try runBetweenPassingScenarios("When a step prints an envelope-shaped line")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.statuses, [.passed, .passed, .passed])
        XCTAssertEqual(run.stream.compactMap(\.testRunFinished).count, 1, "the printed line is not the run's end")
    }

    func test_run_reportsEveryBeforeAllRunOnAWorkerRestartedAfterACrash() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "h.feature": """
            Feature: Hostile
              Scenario: crashes
                When a step calls fatalError
              Scenario: after
                Given a passing step

            """
        ])
        let run = try runProcess(
            fixture, [folder, "--format", "message:\(folder)/m.ndjson", "--format", "html:\(folder)/r.html"],
            environment: ["SPECRUN_FIXTURE_BEFORE_ALL": "1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let started = stream.compactMap(\.testRunHookStarted)
        XCTAssertEqual(started.count, 2, "the first worker's BeforeAll and its replacement's")
        XCTAssertEqual(Set(started.map(\.id)).count, 2, "two runs, not one twice")
        XCTAssertEqual(stream.compactMap(\.testRunHookFinished).map(\.result.status), [.passed, .passed])
    }

    // MARK: - Helpers

    struct HostileRun {
        var status: Int32
        var stderr: String
        var stream: [Envelope]
        var statuses: [TestStepResultStatus] { stream.compactMap(\.testStepFinished).map(\.testStepResult.status) }
        /// The failure message of the hostile scenario's step.
        var message: String { stream.compactMap(\.testStepFinished).compactMap(\.testStepResult.message).first ?? "" }
    }

    private func runBetweenPassingScenarios(_ step: String, isolated: Bool = true) throws -> HostileRun {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "h.feature": """
            Feature: Hostile
              Scenario: before
                Given a passing step
              Scenario: hostile
                \(step)
              Scenario: after
                Given a passing step

            """
        ])
        let run = try runProcess(
            fixture,
            [folder, "--format", "message:\(folder)/m.ndjson", "--format", "junit:\(folder)/j.xml"]
                + (isolated ? [] : ["--no-isolation"]))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/j.xml"), "every report written")
        XCTAssertFalse(run.stderr.contains("Backtracing"), "no Swift backtrace: \(run.stderr)")
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        return HostileRun(status: run.status, stderr: run.stderr, stream: stream)
    }
}
