import Foundation
import XCTest

@testable import SpecRun

/// `specrun report /dev/stdin` (or a FIFO, `<(…)`): a stream that can be read once is copied first, then read as a
/// file — it was read twice (the start to check it, then the rest from where the check stopped).
final class ReportFromPipeTests: XCTestCase {
    func test_report_readsTheWholeStreamOnAStreamGivenThroughAPipe() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "a.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n  Scenario: T\n    Given a failing step\n"
        ])
        _ = try runProcess(fixture, [folder, "--format", "message:\(folder)/m.ndjson"])
        let process = Process()
        process.executableURL = fixture
        process.arguments = ["report", "/dev/stdin", "--format", "junit:\(folder)/j.xml"]
        let pipe = Pipe()
        process.standardError = pipe
        let feed = Pipe()
        process.standardInput = feed
        try process.run()
        try feed.fileHandleForWriting.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: "\(folder)/m.ndjson")))
        try feed.fileHandleForWriting.close()
        process.waitUntilExit()
        let stderr = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        XCTAssertEqual(process.terminationStatus, 0, stderr)
        let junit = try String(contentsOfFile: "\(folder)/j.xml", encoding: .utf8)
        XCTAssertEqual(junit.components(separatedBy: "<testcase ").count - 1, 2, junit)
    }

    func test_check_refusesAsBinaryWithoutReadingForeverOnADeviceOfZeros() throws {
        var spools: [String] = []
        XCTAssertThrowsError(try StreamInput.check("/dev/zero", spools: &spools)) { error in
            XCTAssertTrue("\(error)".contains("binary data"), "\(error)")
        }
        StreamInput.removeSpools(spools)
    }
}
