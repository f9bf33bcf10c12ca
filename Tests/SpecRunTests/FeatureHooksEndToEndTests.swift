import Foundation
import Messages
import XCTest

/// BeforeFeature/AfterFeature hooks as a user runs them (the fixture executable): around the scenarios of each
/// feature a process runs in a row, in this process and in worker processes, reported as hook messages; a hook
/// that hangs is ended by the run's `--timeout` as a BeforeAll hook is, and its feature's scenarios are skipped.
final class FeatureHooksEndToEndTests: XCTestCase {
    private let features = [
        "a.feature": "Feature: A\n  Scenario: a1\n    Given a passing step\n  Scenario: a2\n    Given a passing step\n",
        "b.feature": "Feature: B\n  Scenario: b1\n    Given a passing step\n",
    ]

    func test_run_runsFeatureHooksAroundEachFeaturesScenariosInWorkersAndInProcess() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(features)

        for isolation in [["-j", "1"], ["--no-isolation"]] {
            let log = "\(folder)/hooks-\(isolation.count)-\(isolation[0]).log"
            let run = try runProcess(
                fixture, [folder, "--format", "message:\(folder)/m.ndjson"] + isolation,
                environment: ["SPECRUN_FIXTURE_FEATURE_HOOKS_LOG": log])

            XCTAssertEqual(run.status, 0, "\(isolation): \(run.stderr)")
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
            XCTAssertEqual(lines, ["before a.feature", "after a.feature", "before b.feature", "after b.feature"], "\(isolation)")
            let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
            let hooks = Dictionary(stream.compactMap(\.hook).map { ($0.id, $0.name ?? "") }, uniquingKeysWith: { a, _ in a })
            let started = stream.compactMap(\.testRunHookStarted).map { hooks[$0.hookId] ?? "?" }
            XCTAssertEqual(
                started,
                ["BeforeFeature hook \"log\"", "AfterFeature hook \"log\"", "BeforeFeature hook \"log\"", "AfterFeature hook \"log\""],
                "\(isolation)")
        }
    }

    func test_run_endsAHangingBeforeFeatureAtTheTimeoutAndSkipsItsFeature() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(features)
        let began = Date()

        let run = try runProcess(
            fixture, [folder, "--timeout", "1", "--format", "message:\(folder)/m.ndjson"],
            environment: ["SPECRUN_FIXTURE_BEFORE_FEATURE_HANGS": "1"])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(began), 30)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let hookResults = stream.compactMap(\.testRunHookFinished).map(\.result)
        XCTAssertTrue(hookResults.contains { $0.status == .failed && ($0.message ?? "").contains("timed out") }, "\(hookResults)")
        XCTAssertEqual(stream.compactMap(\.testRunFinished).first?.success, false)
    }

    func test_run_reportsACrashingAfterFeatureAsAFailedHookAndWritesTheReportsOnACrashInAWorker() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(features)

        let run = try runProcess(
            fixture, [folder, "-j", "1", "--format", "message:\(folder)/m.ndjson"],
            environment: ["SPECRUN_FIXTURE_AFTER_FEATURE_CRASHES": "1"])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stderr.contains("Backtracing"), run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let hookResults = stream.compactMap(\.testRunHookFinished).map(\.result)
        XCTAssertTrue(
            hookResults.contains { $0.status == .failed && ($0.message ?? "").contains("the feature hook crashed the process") },
            "\(hookResults)")
        XCTAssertEqual(stream.compactMap(\.testCaseFinished).count, 3)
        XCTAssertEqual(
            stream.compactMap(\.testStepFinished).map(\.testStepResult.status), [.passed, .passed, .passed],
            "the scenario handed out when feature A's AfterFeature crashed had no part in it: it runs, in a new worker")
        XCTAssertEqual(stream.compactMap(\.testRunFinished).first?.success, false)
    }
}
