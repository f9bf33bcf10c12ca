import Foundation
import Messages
import XCTest

/// A SIGKILL of an in-process run (`--no-isolation`) keeps, as a worker run does, the start of the scenario that
/// was running: the timer hands the run's envelopes to the reports even while a step does not end.
final class KilledInProcessRunEndToEndTests: XCTestCase {
    func test_sigkill_keepsTheRunningScenariosStartOnDiskOnANoIsolationRun() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "k.feature": """
            Feature: F
              Scenario: first
                Given a passing step
              Scenario: hangs here
                When a step loops forever

            """
        ])
        let process = Process()
        process.executableURL = fixture
        process.arguments = [folder, "--no-isolation", "--timeout", "0", "--format", "message:\(folder)/out/m.ndjson"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var partial: String?
        RunOnDisk.waitUntil(seconds: 20) {
            guard let text = RunOnDisk.streamText(in: "\(folder)/out"),
                text.components(separatedBy: "\"testCaseStarted\"").count == 3
            else { return false }
            partial = RunOnDisk.streamName(in: "\(folder)/out")
            return true
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let name = try XCTUnwrap(partial, "the hanging scenario's testCaseStarted reached the disk within 20 s")
        let report = try runProcess(fixture, ["report", "\(folder)/out/\(name)", "--format", "junit:\(folder)/r.xml"])
        XCTAssertEqual(report.status, 2, report.stderr)
        XCTAssertTrue(report.stderr.contains("'hangs here'") && report.stderr.contains("was running and did not finish"), report.stderr)
    }
}
