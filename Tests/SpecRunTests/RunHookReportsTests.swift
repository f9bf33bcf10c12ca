import Foundation
import Messages
import XCTest

/// A failing BeforeAll/AfterAll is in every report: JUnit as an error of a run-level test case (never
/// `tests="0" failures="0"`), the summary, the message stream; no false "no scenario matched"; the exit code and
/// the reports agree.
final class RunHookReportsTests: XCTestCase {
    func test_run_reportsAFailingBeforeAllAsAJUnitErrorAndNotAsNoScenarioMatched() throws {
        let run = try runFixture(hooks: "before-fail")

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertFalse(run.stderr.contains("no scenario matched"), run.stderr)
        XCTAssertTrue(run.junit.contains(#"tests="1" skipped="0" failures="0" errors="1""#), run.junit)
        XCTAssertTrue(run.junit.contains(#"name="BeforeAll hook &quot;seed the store&quot;"#), run.junit)
        XCTAssertTrue(run.junit.contains(#"<error type="ExpectationFailure" message="the store is down">"#), run.junit)
        XCTAssertTrue(run.stdout.contains(#"BeforeAll hook "seed the store""#), run.stdout)
    }

    func test_run_reportsAFailingAfterAllBesideTheScenariosResults() throws {
        let run = try runFixture(hooks: "after-fail")

        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.junit.contains(#"tests="3" skipped="0" failures="0" errors="1""#), run.junit)
        XCTAssertTrue(run.junit.contains(#"name="AfterAll hook &quot;clean the store&quot;"#), run.junit)
        XCTAssertTrue(run.stdout.contains("2 scenarios (2 passed)"), run.stdout)
        XCTAssertTrue(run.stdout.contains(#"AfterAll hook "clean the store""#), run.stdout)
    }

    func test_report_rebuildsTheSameRunLevelErrorFromTheSavedStream() throws {
        let run = try runFixture(hooks: "before-fail")
        let rebuilt = try runProcess(
            try reportFixtureExecutable(),
            ["report", "\(run.folder)/m.ndjson", "--format", "junit:\(run.folder)/r.xml", "--exit-status"])

        XCTAssertEqual(rebuilt.status, run.status, rebuilt.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: "\(run.folder)/r.xml", encoding: .utf8).replacingOccurrences(
                of: #"time="[^"]*""#, with: "", options: .regularExpression),
            run.junit.replacingOccurrences(of: #"time="[^"]*""#, with: "", options: .regularExpression))
    }

    func test_run_keepsTheNoScenarioLineWhenNothingMatchedAndNoHookFailed() throws {
        let run = try runFixture(hooks: "", tags: "@nothing")

        XCTAssertEqual(run.status, 4, run.stderr)
        XCTAssertTrue(run.stderr.contains("no scenario matched"), run.stderr)
    }

    // MARK: - Helpers

    private struct Run { let folder: String; let status: Int32; let stdout: String; let stderr: String; let junit: String }

    private func runFixture(hooks: String, tags: String? = nil) throws -> Run {
        let folder = try makeFixtureFeatures([
            "a.feature": "Feature: F\n  Scenario: one\n    Given step 1 passes\n  Scenario: two\n    Given step 2 passes\n"
        ])
        var arguments = [folder, "--format", "junit:\(folder)/j.xml", "--format", "message:\(folder)/m.ndjson", "--format", "summary"]
        if let tags { arguments += ["--tags", tags] }
        let run = try runProcess(try reportFixtureExecutable(), arguments, environment: ["SPECRUN_REPORT_FIXTURE_HOOKS": hooks])
        let junit = (try? String(contentsOfFile: "\(folder)/j.xml", encoding: .utf8)) ?? ""
        return Run(folder: folder, status: run.status, stdout: run.stdout, stderr: run.stderr, junit: junit)
    }
}

extension XCTestCase {
    /// `specrun-report-fixture` (Tests/ReportFixture): steps and run-level hooks of every outcome.
    func reportFixtureExecutable() throws -> URL {
        let crashFixture = try fixtureExecutable()
        let candidate = crashFixture.deletingLastPathComponent().appendingPathComponent("specrun-report-fixture")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw XCTSkip("specrun-report-fixture is not built next to the tests; run `swift build --product specrun-report-fixture` first")
        }
        return candidate
    }
}
