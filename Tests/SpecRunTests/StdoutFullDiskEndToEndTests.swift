import Foundation
import XCTest

/// A report on stdout redirected to a file (`specrun report … --format junit > junit.xml`) on a full disk is cut
/// short: specrun says so and exits 2, as it does for the same report given as `--format junit:FILE`. A reader that
/// goes away (`| head`) stays no failure.
final class StdoutFullDiskEndToEndTests: XCTestCase {
    func test_report_namesTheLossAndExits2OnStdoutToAFullDisk() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["a.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        _ = try runProcess(fixture, [folder, "--format", "message:\(folder)/m.ndjson"])

        let result = try run(fixture, ["report", "\(folder)/m.ndjson", "--format", "junit"], stdout: "/dev/full")

        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("could not write the junit report to stdout: No space left on device"), result.stderr)
    }

    func test_run_namesTheLossAndExits2OnAReportOnStdoutToAFullDisk() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["a.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])

        let result = try run(fixture, [folder, "--format", "junit"], stdout: "/dev/full")

        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("could not write the junit report to stdout: No space left on device"), result.stderr)
    }

    private func run(_ executable: URL, _ arguments: [String], stdout path: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        let out = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try out.close()
        return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
    }
}
