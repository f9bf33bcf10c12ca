import Foundation
import XCTest

/// `--history DIR` as a user runs it: three runs at once on one folder all land; a history file that is cut off
/// is set aside and named in one line, never overwritten.
final class HistoryConcurrentRunsEndToEndTests: XCTestCase {
    func test_run_keepsThreeEntriesOnThreeRunsAtOnceOnOneHistoryFolder() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["a.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        // Three processes started at once (output to /dev/null: nothing to drain), then waited for.
        let runs = try (0..<3).map { _ in
            let process = Process()
            process.executableURL = fixture
            process.arguments = ["\(folder)/a.feature", "--history", "\(folder)/history"]
            process.currentDirectoryURL = FileManager.default.temporaryDirectory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in runs { process.waitUntilExit() }
        let statuses = runs.map(\.terminationStatus)

        XCTAssertEqual(statuses, [0, 0, 0])
        let object = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/history/specrun-history.json")))
        XCTAssertEqual(((object as? [String: Any])?["runs"] as? [Any])?.count, 3)
    }

    func test_run_setsATruncatedHistoryAsideWithOneLineAndStartsANewOne() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures(["a.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n"])
        _ = try runProcess(fixture, ["\(folder)/a.feature", "--history", "\(folder)/history"])
        let file = "\(folder)/history/specrun-history.json"
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count - 5).write(to: URL(fileURLWithPath: file))

        let result = try runProcess(fixture, ["\(folder)/a.feature", "--history", "\(folder)/history"])

        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(
            lines.first?.hasPrefix("specrun-crash-fixture: \(file): truncated or not a specrun history file") == true, result.stderr)
        let aside = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/history").filter { $0.contains(".unreadable-") }
        XCTAssertEqual(aside.count, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/history/\(aside[0])")), whole.prefix(whole.count - 5))
    }
}
