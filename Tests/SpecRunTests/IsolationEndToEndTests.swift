import Foundation
import Messages
import XCTest

/// The promise, end to end: a scenario whose step crashes the process (force unwrap of nil) fails, the scenarios
/// after it still run, and every report file is written. Runs the `specrun-crash-fixture` executable (a
/// `SpecRunCLI.main` with a crashing step library, Tests/CrashFixture) found next to the test bundle.
final class IsolationEndToEndTests: XCTestCase {
    func test_run_reportsTheCrashedScenarioFailedAndGoesOnOnForceUnwrapOfNil() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "crash.feature": """
            Feature: Crashes

              Scenario: before the crash
                Given a passing step

              Scenario: the crash
                Given a passing step
                When a step force-unwraps nil
                Then a passing step

              Scenario: after the crash
                Given a passing step

              Scenario: another crash
                When a step calls fatalError

              Scenario: the last one
                Given a passing step

            """
        ])

        let run = try runProcess(
            fixture,
            [
                folder, "--no-color", "--format", "summary",
                "--format", "junit:\(folder)/out/junit.xml",
                "--format", "message:\(folder)/out/messages.ndjson",
            ])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("5 scenarios (2 failed, 3 passed)"), run.stdout)
        let junit = try String(contentsOfFile: "\(folder)/out/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"5\""), junit)
        XCTAssertTrue(junit.contains("<failure type=\"Crash\" message=\"the step crashed the process: signal"), junit)
        let envelopes = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/out/messages.ndjson")))
        let pickleNames = Dictionary(uniqueKeysWithValues: envelopes.compactMap(\.pickle).map { ($0.id, $0.name) })
        let caseNames = Dictionary(uniqueKeysWithValues: envelopes.compactMap(\.testCase).map { ($0.id, pickleNames[$0.pickleId] ?? "?") })
        let started = envelopes.compactMap(\.testCaseStarted)
        let nameOfStarted = Dictionary(uniqueKeysWithValues: started.map { ($0.id, caseNames[$0.testCaseId] ?? "?") })
        XCTAssertEqual(
            started.map { caseNames[$0.testCaseId] ?? "?" },
            ["before the crash", "the crash", "after the crash", "another crash", "the last one"])
        XCTAssertEqual(Set(started.map(\.id)).count, 5, "testCaseStarted ids are unique")
        XCTAssertEqual(Set(envelopes.compactMap(\.testCaseFinished).map(\.testCaseStartedId)), Set(started.map(\.id)))
        var statuses: [String: [TestStepResultStatus]] = [:]
        for finished in envelopes.compactMap(\.testStepFinished) {
            statuses[nameOfStarted[finished.testCaseStartedId] ?? "?", default: []].append(finished.testStepResult.status)
        }
        XCTAssertEqual(statuses["the crash"], [.passed, .failed, .skipped])
        XCTAssertEqual(statuses["after the crash"], [.passed])
        XCTAssertEqual(statuses["the last one"], [.passed])
        let crash = envelopes.compactMap(\.testStepFinished).first { $0.testStepResult.status == .failed }?.testStepResult
        XCTAssertEqual(crash?.exception?.type, "Crash")
        XCTAssertTrue(
            crash?.message?.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value") ?? false,
            crash?.message ?? "no message")
        XCTAssertEqual(envelopes.compactMap(\.testRunFinished).map(\.success), [false])
        XCTAssertEqual(envelopes.filter { $0.meta != nil }.count, 1)
        XCTAssertFalse(run.stderr.contains("Current stack trace"), run.stderr)
    }

    func test_run_writesTheSameMessagesAsInProcessOnARunWithoutCrash() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "ok.feature": """
            Feature: F
              Scenario: passes
                Given a passing step
              Scenario: fails
                Given a failing step
                Then a passing step
              Scenario Outline: rows
                Given a <kind> step
                Examples:
                  | kind    |
                  | passing |
                  | failing |

            """
        ])

        let isolated = try runProcess(fixture, [folder, "--predictable-ids", "--format", "message:\(folder)/isolated.ndjson"])
        let inProcess = try runProcess(
            fixture,
            [
                folder, "--predictable-ids", "--no-isolation",
                "--format", "message:\(folder)/in-process.ndjson",
            ])

        XCTAssertEqual(isolated.status, 1, isolated.stderr)
        XCTAssertEqual(inProcess.status, 1, inProcess.stderr)
        let expected = try timeless("\(folder)/in-process.ndjson")
        XCTAssertEqual(try timeless("\(folder)/isolated.ndjson"), expected)
        XCTAssertTrue(expected.contains("\"testCaseFinished\""), "the comparison covers a run")
    }

    func test_run_crashesTheWholeRunOnNoIsolationAsBefore() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["crash.feature": "Feature: F\n  Scenario: S\n    When a step force-unwraps nil\n"])

        let run = try runProcess(
            fixture, [folder, "--no-isolation", "--format", "junit:\(folder)/junit.xml"],
            environment: ["SWIFT_BACKTRACE": "enable=no"])

        XCTAssertNotEqual(run.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/junit.xml"), "in-process, the crash loses the reports")
    }

    func test_run_passesWithTheExitCodeOfAPassingRun() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])

        let run = try runProcess(fixture, [folder, "--no-color", "--format", "summary", "--order", "random"])

        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("1 scenario (1 passed)"), run.stdout)
        XCTAssertTrue(run.stderr.contains("Randomized with seed"), run.stderr)
    }

    // MARK: The first worker, forked before main (Linux)

    func test_run_forksTheFirstWorkerBeforeMainAndExecsTheNext() throws {
        #if os(Linux)
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "start.feature": """
            Feature: F
              Scenario: first
                When a step says how its worker started
              Scenario: crash
                When a step calls fatalError
              Scenario: after the crash
                When a step says how its worker started

            """
        ])

        let run = try runProcess(fixture, [folder, "--order", "defined"])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(
            run.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("worker: ") },
            ["worker: forked", "worker: exec'd"], run.stderr)
        XCTAssertFalse(run.stderr.contains("Current stack trace"), "a forked worker's crash has no backtrace either: \(run.stderr)")
        #else
        throw XCTSkip("workers are forked before main on Linux only")
        #endif
    }

    func test_run_execsEveryWorkerOnPreforkZero() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["start.feature": "Feature: F\n  Scenario: S\n    When a step says how its worker started\n"])

        let run = try runProcess(fixture, [folder], environment: ["SPECRUN_PREFORK": "0"])

        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("worker: exec'd"), run.stderr)
    }

    func test_run_writesTheSameMessagesWithAForkedOrAnExecdFirstWorker() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "crash.feature": """
            Feature: F
              Scenario: passes
                Given a passing step
              Scenario: crash
                When a step force-unwraps nil
              Scenario: fails
                Given a failing step

            """
        ])

        let forked = try runProcess(fixture, [folder, "--predictable-ids", "--format", "message:\(folder)/forked.ndjson"])
        let execd = try runProcess(
            fixture, [folder, "--predictable-ids", "--format", "message:\(folder)/execd.ndjson"],
            environment: ["SPECRUN_PREFORK": "0"])

        XCTAssertEqual(forked.status, 1, forked.stderr)
        XCTAssertEqual(execd.status, 1, execd.stderr)
        let expected = try timeless("\(folder)/execd.ndjson")
        XCTAssertEqual(try timeless("\(folder)/forked.ndjson"), expected)
        XCTAssertTrue(expected.contains("Unexpectedly found nil"), "the comparison covers a crash")
    }
}
