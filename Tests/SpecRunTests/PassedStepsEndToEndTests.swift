import Foundation
import XCTest

/// A run whose reports read nothing of a passed step but that it passed (the console reports, `rerun`) has its
/// worker send one line for the steps that passed in a row, the supervisor says the last of them, and the run's index
/// takes those before it as passed (`ListenerNeeds.passedStepTimes`, `WorkerConfiguration.sendsPassedStepsAsCount`,
/// `RunIndex.stepsUnsaid`). Each such report reads the same
/// as in a run beside a message report, whose worker sends every step — over scenarios that pass, fail, crash
/// after passed steps, are undefined, and take long enough for the worker's buffer to be written mid-scenario.
final class PassedStepsEndToEndTests: XCTestCase {
    func test_run_writesTheSameConsoleAndRerunReportsAsBesideAMessageReport() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "passed.feature": """
            Feature: Passed steps

              Background:
                Given a passing step

              Scenario: every step passes
                Given a passing step
                When a passing step
                Then a passing step

              Scenario: a step fails
                Given a passing step
                When a failing step
                Then a passing step

              Scenario: a step crashes the worker after passed steps
                Given a passing step
                When a step calls fatalError
                Then a passing step

              Scenario: a step is undefined
                Given a passing step
                Then nobody wrote this step

              Scenario: a step outlasts the worker's buffer interval
                Given a passing step
                When a step sleeps 120 ms
                Then a passing step

              Scenario: the last one passes
                Given a passing step

            """
        ])

        // (Two workers and a retry: attempts of test cases held back for the planned order, and attempts retried.)
        for options in [[], ["-j", "2", "--retry", "1"]] {
            for format in ["pretty", "progress", "summary", "rerun"] {
                let alone = try report(format, of: fixture, in: folder, label: "alone", beside: options)
                let beside = try report(
                    format, of: fixture, in: folder, label: "beside", beside: options + ["--format", "message:\(folder)/m.ndjson"])

                XCTAssertFalse(alone.isEmpty, "\(format) \(options): no report written")
                XCTAssertEqual(alone, beside, "\(format) \(options) written alone differs from \(format) beside a message report")
            }
        }
        let summary = try report("summary", of: fixture, in: folder, label: "counts", beside: [])
        XCTAssertTrue(summary.contains("# scenarios (# failed, # undefined, # passed)"), summary)
    }

    func test_run_reportsAPassedStepsOwnDurationOnAReportThatReadsIt() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "slow.feature": """
            Feature: Slow

              Scenario: a passed step takes its time
                Given a passing step
                When a step sleeps 120 ms

            """
        ])

        let run = try runProcess(fixture, [folder, "--no-color", "--format", "json:\(folder)/cucumber.json"])

        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try String(contentsOfFile: "\(folder)/cucumber.json", encoding: .utf8)
        let slept = try XCTUnwrap(
            json.range(of: #""name"\s*:\s*"a step sleeps 120 ms""#, options: .regularExpression).map { json[$0.upperBound...] })
        // (A step that took no time has no duration in the json report.)
        let duration = slept.range(of: #""duration"\s*:\s*[0-9]+"#, options: .regularExpression).map { String(slept[$0]) }
        let nanoseconds = duration.flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
        XCTAssertGreaterThanOrEqual(nanoseconds, 100_000_000, "the json report reads the step's own duration: \(duration ?? "none")")
    }

    // MARK: - Helpers

    /// The report of `format` of a run of the fixture with passing Before and After hooks, every number masked.
    private func report(_ format: String, of fixture: URL, in folder: String, label: String, beside: [String]) throws -> String {
        let path = "\(folder)/\(label)-\(format).out"
        let run = try runProcess(
            fixture, [folder, "--no-color", "--no-requirements", "--format", "\(format):\(path)"] + beside,
            environment: ["SPECRUN_FIXTURE_PASSING_HOOKS": "1"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: folder, with: "<folder>").replacingOccurrences(
            of: "[0-9]+", with: "#", options: .regularExpression)
    }
}
