import Foundation
import XCTest

/// A console that goes away — `specrun … | head`, a CI log collector that dies — must not cost the run its reports:
/// the run goes on, every report file is written and the exit code is the run's.
final class BrokenConsoleEndToEndTests: XCTestCase {
    func test_run_writesEveryReportAndKeepsItsStatusOnAStdoutNobodyReads() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "f.feature": """
            Feature: F
              Scenario: passes
                Given a passing step
              Scenario: fails
                Given a failing step

            """
        ])
        for extra in [[], ["--no-isolation"], ["-j", "2"]] {
            let report = "\(folder)/junit\(extra.joined()).xml"
            let process = Process()
            process.executableURL = fixture
            process.arguments = [folder, "--format", "pretty", "--format", "junit:\(report)"] + extra
            process.currentDirectoryURL = FileManager.default.temporaryDirectory
            let out = Pipe(), err = Pipe()
            // Nobody will read: every write to its stdout fails (EPIPE, or SIGPIPE if not ignored).
            try out.fileHandleForReading.close()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let errors = ErrorsReader(err.fileHandleForReading)
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            guard !process.isRunning else {
                process.terminate()
                return XCTFail("\(extra): still running after 60 s")
            }

            XCTAssertEqual(process.terminationReason, .exit, "\(extra)")
            XCTAssertEqual(process.terminationStatus, 1, "\(extra): \(errors.text())")
            XCTAssertTrue(FileManager.default.fileExists(atPath: report), "\(extra): no JUnit report")
        }
    }
}
