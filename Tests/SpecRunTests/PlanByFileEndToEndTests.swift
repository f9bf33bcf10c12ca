import Foundation
import XCTest

@testable import SpecRunReportCore

/// A run's one worker plans file by file (`WorkerConfiguration.plansByFile`: one worker, no report writing the
/// message stream): every report is the one a run whose worker plans every file first writes (a `message` report
/// beside it), byte for byte, numbers and ids masked; and a crash while the worker still plans loses no scenario.
/// Runs the `specrun-crash-fixture` executable (Tests/CrashFixture).
final class PlanByFileEndToEndTests: XCTestCase {
    func test_eachFormat_writesTheSameReportAsWhenTheWorkerPlansEveryFileFirst() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "a.feature": """
            Feature: A
              Background:
                Given a passing step
              Scenario: passes
                Given a passing step
              Scenario Outline: rows
                Given a <kind> step
                Examples:
                  | kind    |
                  | passing |
                  | failing |

            """,
            "b.feature": "Feature: B\n  Scenario: broken\n    Given a passing step\n      | a |\n      | b | c |\n",
            "c.feature": """
            Feature: C
              Scenario: the crash
                When a step force-unwraps nil
                Then a passing step
              Scenario: undefined
                Given nobody wrote this step

            """,
        ])
        for format in ReportFormat.allCases where format != .message && format != .htmlSite {
            let byFile = try report(format, fixture: fixture, in: folder, label: "files", extra: [])
            let planned = try report(
                format, fixture: fixture, in: folder, label: "planned", extra: ["--format", "message:\(folder)/planned.ndjson"])

            XCTAssertFalse(byFile.report.isEmpty, "\(format.rawValue): no report written")
            XCTAssertEqual(byFile.report, planned.report, "\(format.rawValue): planned file by file differs")
            XCTAssertEqual(byFile.console, planned.console, "\(format.rawValue): the console differs")
            XCTAssertEqual(byFile.status, planned.status, "\(format.rawValue): the exit status differs")
        }
    }

    func test_run_reportsEveryScenarioOfTheFilesAfterACrashInTheFirst() throws {
        let fixture = try fixtureExecutable()
        // Many small files: the worker plans ahead while no instruction waits, so the crash in the first file
        // most likely comes before it has planned the last; the next worker plans the rest.
        var files = ["f000.feature": "Feature: F\n  Scenario: crash\n    When a step calls fatalError\n"]
        for number in 1..<120 {
            files["f\(String(format: "%03d", number)).feature"] = "Feature: F\(number)\n  Scenario: s\(number)\n    Given a passing step\n"
        }
        let folder = try makeFixtureFeatures(files)

        let run = try runProcess(fixture, [folder, "--no-color", "--format", "summary", "--format", "junit:\(folder)/junit.xml"])

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("120 scenarios (1 failed, 119 passed)"), run.stdout)
        let junit = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        XCTAssertTrue(junit.contains("tests=\"120\""), junit)
        XCTAssertTrue(run.stderr.contains("1 crash(es) of a worker process"), run.stderr)
    }

    // MARK: - Helpers

    private struct Written {
        let report: String
        let console: String
        let status: Int32
    }

    /// One run asking for `format` (a file) and the console's pretty report, masked (`MaskedReport`).
    private func report(_ format: ReportFormat, fixture: URL, in folder: String, label: String, extra: [String]) throws -> Written {
        let path = "\(folder)/\(label)-\(format.rawValue).out"
        let run = try runProcess(
            fixture, [folder, "--no-color", "--no-requirements", "--format", "\(format.rawValue):\(path)", "--format", "pretty"] + extra)
        let masked = MaskedReport(folder: folder)
        // (The order of two stderr lines of two processes is theirs: a parse error the supervisor says as it reaches
        // the file, a crash's line the worker's stderr passes on as it comes. Compared as a set of lines.)
        let stderr = masked.mask(run.stderr).split(separator: "\n").sorted().joined(separator: "\n")
        return Written(report: masked.report(path, format: format), console: masked.mask(run.stdout) + stderr, status: run.status)
    }
}
