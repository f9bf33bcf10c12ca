import Foundation
import Messages
import XCTest

/// A run merged with its rerun (`specrun report run.ndjson rerun.ndjson`), as cucumber-js's rerun counts it: a
/// scenario that ran again is one scenario with more attempts — flaky when it passed the second time, failed with
/// two attempts when it failed again — not two scenarios.
final class RerunMergeEndToEndTests: XCTestCase {
    func test_report_countsARerunsScenariosAsLaterAttemptsOfTheRunsOnes() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "r.feature": """
            Feature: R
              Scenario: passes
                Given a passing step
              Scenario: flaky
                Given a step fails unless "FOLDER/flag" exists
              Scenario: broken
                Given a failing step
              Scenario Outline: rows <n>
                Given a step fails unless "FOLDER/flag<n>" exists
                Examples:
                  | n |
                  | 1 |
                  | 2 |

            """
        ])
        let feature = "\(folder)/r.feature"
        try String(contentsOfFile: feature, encoding: .utf8).replacingOccurrences(of: "FOLDER", with: folder)
            .write(toFile: feature, atomically: true, encoding: .utf8)
        let first = try runProcess(fixture, [folder, "--format", "message:\(folder)/run.ndjson", "--format", "rerun:\(folder)/rerun.txt"])
        XCTAssertEqual(first.status, 1, first.stderr)
        for flag in ["flag", "flag2"] { _ = FileManager.default.createFile(atPath: "\(folder)/\(flag)", contents: nil) }
        let rerun = try runProcess(fixture, ["@\(folder)/rerun.txt", "--format", "message:\(folder)/rerun.ndjson"])
        XCTAssertEqual(rerun.status, 1, rerun.stderr)

        let merged = try runProcess(
            fixture,
            [
                "report", "\(folder)/run.ndjson", "\(folder)/rerun.ndjson", "--no-color", "--exit-status",
                "--format", "summary", "--format", "junit:\(folder)/j.xml",
                "--format", "message:\(folder)/merged.ndjson",
            ])

        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("5 scenarios (2 failed, 3 passed)"), merged.stdout)
        XCTAssertTrue(merged.stdout.contains("2 flaky scenarios (passed after a retry)"), merged.stdout)
        let junit = try String(contentsOfFile: "\(folder)/j.xml", encoding: .utf8)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, 5, junit)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/merged.ndjson")))
        XCTAssertEqual(stream.compactMap(\.testCase).count, 5)
        let started = stream.compactMap(\.testCaseStarted)
        let finished = Dictionary(stream.compactMap(\.testCaseFinished).map { ($0.testCaseStartedId, $0) }, uniquingKeysWith: { a, _ in a })
        let byCase = Dictionary(grouping: started, by: \.testCaseId)
        XCTAssertEqual(byCase.values.map(\.count).sorted(), [1, 2, 2, 2, 2], "the rerun's attempts are those of the run's test cases")
        for attempts in byCase.values where attempts.count == 2 {
            XCTAssertEqual(attempts.map(\.attempt), [0, 1])
            XCTAssertEqual(attempts.map { finished[$0.id]?.willBeRetried }, [true, false])
        }
    }
}
