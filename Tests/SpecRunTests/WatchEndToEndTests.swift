import Foundation
import SharedState
import XCTest

/// `watch` as a user runs it, in the fixture executable: the first run, a save rerunning the scenario it changed
/// (this executable run again), and Ctrl-C ending it cleanly.
final class WatchEndToEndTests: XCTestCase {
    func test_watch_rerunsTheChangedScenarioOnASaveAndEndsCleanlyOnCtrlC() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-watch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("w.feature")
        let text = "Feature: W\n  Scenario: one\n    Given a passing step\n\n  Scenario: two\n    Given a passing step\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try fixtureExecutable()
        process.arguments = ["watch", "w.feature", "--format", "summary", "--no-requirements"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let seen = PrintedOutput()
        output.fileHandleForReading.readabilityHandler = { handle in seen.append(handle.availableData) }
        try process.run()
        XCTAssertTrue(seen.wait(for: "watching w.feature", count: 1), seen.text)
        XCTAssertTrue(seen.text.contains("2 scenarios (2 passed)"), seen.text)
        try text.replacingOccurrences(of: "  Scenario: two\n    Given a passing step", with: "  Scenario: two\n    Given a failing step")
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(seen.wait(for: "watching w.feature", count: 2), seen.text)
        XCTAssertTrue(seen.text.contains("1 scenario (1 failed)"), seen.text)
        XCTAssertTrue(seen.text.contains("1 failing, rerun first"), seen.text)
        process.interrupt()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        XCTAssertEqual(process.terminationStatus, 0, seen.text)
        XCTAssertTrue(seen.text.contains("specrun-crash-fixture watch: stopped"), seen.text)
    }
}
