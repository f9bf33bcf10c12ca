import Foundation
import Messages
import XCTest

/// Steps that trap, overflow the stack, exit, or write envelope-shaped lines: the run finishes, the scenario is
/// reported with the cause, the others are unaffected, the exit code is right.
final class HostileStepsEndToEndTests: XCTestCase {
    func test_run_reportsEachHostileStepWithItsCauseAndRunsTheOthers() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["h.feature": """
            Feature: Hostile steps
              Scenario: stack overflow
                When a step recurses without end
              Scenario: exit 0
                When a step calls exit 0
              Scenario: exit 3
                When a step calls exit 3
              Scenario: fatalError
                When a step calls fatalError
              Scenario: envelope on stdout
                When a step prints an envelope-shaped line
              Scenario: a 1 MB message
                When a step fails with a message of 1024 KiB
              Scenario: still runs
                Given a passing step

            """])

        let run = try runProcess(fixture, [folder, "-j", "2", "--format", "message:\(folder)/m.ndjson", "--format", "junit:\(folder)/j.xml"])

        XCTAssertEqual(run.status, 1, run.stderr)
        let stream = try NDJSON.decode(Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        let results = stream.compactMap(\.testStepFinished).map(\.testStepResult)
        XCTAssertEqual(results.map(\.status), [.failed, .failed, .failed, .failed, .passed, .failed, .passed])
        XCTAssertTrue(results[0].message?.contains("SIGSEGV") ?? false, results[0].message ?? "")
        XCTAssertTrue(results[1].message?.contains("ended the process (exit status 0)") ?? false, results[1].message ?? "")
        XCTAssertTrue(results[2].message?.contains("ended the process (exit status 3)") ?? false, results[2].message ?? "")
        XCTAssertTrue(results[3].message?.contains("Fatal error: the fixture gives up") ?? false, results[3].message ?? "")
        XCTAssertGreaterThanOrEqual(results[5].message?.count ?? 0, 1024 * 1024, "the whole message")
        XCTAssertEqual(stream.compactMap(\.testRunFinished).map(\.success), [false], "the printed line is not the run's end")
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/j.xml"))
    }
}
