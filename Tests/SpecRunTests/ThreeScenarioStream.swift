import Foundation
import XCTest

@testable import SpecRun

extension XCTestCase {
    /// A run of three scenarios (passed, failed, passed) in a folder of its own (removed after the test), and its
    /// message stream: the input the `specrun report` tests alter.
    func makeThreeScenarioStream(folderPrefix: String) async throws -> (folder: String, stream: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(folderPrefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: "\(folder)/features", withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let feature =
            "Feature: A\n  Scenario: one\n    Given a passing step\n  Scenario: two\n    Given a failing step\n"
            + "  Scenario: three\n    Given a passing step\n"
        try feature.write(toFile: "\(folder)/features/a.feature", atomically: true, encoding: .utf8)
        let console = SpyConsole()
        _ = await SpecRunCLI.run(
            ["\(folder)/features", "--no-isolation", "--format", "message:\(folder)/m.ndjson"],
            libraries: [CLITestSteps.self], console: console)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folder)/m.ndjson"), console.stderr)
        return (folder, "\(folder)/m.ndjson")
    }
}
