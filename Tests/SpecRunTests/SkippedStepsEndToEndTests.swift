import Foundation
import XCTest

/// A run in this process whose reports read nothing of a skipped step but that it was skipped (the console reports,
/// `rerun`) says only the last of the skipped steps in a row of a test case none of whose code runs (a dry run; the
/// scenarios fail-fast skips), and its index takes those before it as skipped (`SpecRunner.collapsesSkippedSteps`,
/// `RunIndex.stepsUnsaid`). Each such report reads the same as in a run beside a message report, which says every
/// step — over undefined steps between skipped ones, hooks, a Background, an outline and a step whose limit takes
/// it out of the one pass.
final class SkippedStepsEndToEndTests: XCTestCase {
    private static let features = [
        "a.feature": """
        Feature: Skipped steps

          Background:
            Given a passing step

          Scenario: every step is skipped
            Given a passing step
            When a passing step
            Then a passing step

          Scenario: an undefined step between skipped ones
            Given a passing step
            When nobody wrote this step
            And nobody wrote this one either
            Then a passing step

          Scenario: a step with a limit of its own
            Given a passing step
            When a step with a 1 s limit sleeps 10 ms
            Then a passing step

          Scenario Outline: sleeps <ms> ms
            Given a passing step
            When a step sleeps <ms> ms

            Examples:
              | ms |
              | 1  |
              | 2  |

        """,
        "b.feature": """
        Feature: Last

          Scenario: ends with an undefined step
            Given a passing step
            Then nobody wrote the last step

        """,
    ]

    func test_dryRun_writesTheSameConsoleAndRerunReportsAsBesideAMessageReport() throws {
        try assertSameReportsAlone(options: ["--dry-run"])
    }

    func test_failFastInThisProcess_writesTheSameConsoleAndRerunReportsAsBesideAMessageReport() throws {
        // (The first scenario fails: fail-fast skips every later one, each in one pass.)
        var features = Self.features
        features["0.feature"] = "Feature: First\n\n  Scenario: fails\n    Given a failing step\n    Then a passing step\n"
        try assertSameReportsAlone(options: ["--no-isolation", "--fail-fast"], features: features)
    }

    func test_dryRun_printsEverySkippedStepOnTheConsole() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(Self.features)

        let progress = try report("progress", of: fixture, in: folder, label: "count", options: ["--dry-run"])

        // 6 Background steps, 3 + 2 + 3 + 2 + 2 steps of the scenarios (the undefined ones as U).
        XCTAssertTrue(progress.hasPrefix("------UU------------U\n"), progress)
    }

    // MARK: - Helpers

    private func assertSameReportsAlone(
        options: [String], features: [String: String] = features, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(features)
        for format in ["pretty", "progress", "summary", "rerun"] {
            let alone = try report(format, of: fixture, in: folder, label: "alone", options: options)
            let beside = try report(
                format, of: fixture, in: folder, label: "beside", options: options + ["--format", "message:\(folder)/m.ndjson"])

            XCTAssertFalse(alone.isEmpty, "\(format) \(options): no report written", file: file, line: line)
            XCTAssertEqual(
                alone, beside, "\(format) \(options) written alone differs from \(format) beside a message report",
                file: file, line: line)
        }
    }

    /// The report of `format` of a run of the fixture with passing Before and After hooks, every number masked.
    private func report(_ format: String, of fixture: URL, in folder: String, label: String, options: [String]) throws -> String {
        let path = "\(folder)/\(label)-\(format).out"
        let run = try runProcess(
            fixture, [folder, "--no-color", "--no-requirements", "--format", "\(format):\(path)"] + options,
            environment: ["SPECRUN_FIXTURE_PASSING_HOOKS": "1"])
        XCTAssertTrue(run.status == 0 || run.status == 1, "exit \(run.status): \(run.stderr)")
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: folder, with: "<folder>").replacingOccurrences(
            of: "[0-9]+", with: "#", options: .regularExpression)
    }
}
