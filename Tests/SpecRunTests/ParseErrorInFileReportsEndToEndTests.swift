import Foundation
import XCTest

/// A live run says each parse error on stderr once, compiler-style; a console format written to a file (a CI
/// artifact) lists it too, since stderr never reaches the file: the file does not read as a passing run that exited 3.
final class ParseErrorInFileReportsEndToEndTests: XCTestCase {
    func test_consoleFormatsInFiles_listTheParseErrorOnAnUnparsableFeatureFile() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "ok.feature": "Feature: F\n  Scenario: S\n    Given a passing step\n",
            "bad.feature": "Feature: G\n  Scenario: T\n    Given a passing step\n  Giving nonsense\n",
        ])

        let result = try runProcess(
            fixture,
            [
                folder, "--format", "summary", "--format", "summary:\(folder)/summary.txt", "--format", "progress:\(folder)/progress.txt",
                "--format", "pretty:\(folder)/pretty.txt",
            ])

        XCTAssertEqual(result.status, 3, result.stderr)
        for name in ["summary", "progress", "pretty"] {
            let text = try String(contentsOfFile: "\(folder)/\(name).txt", encoding: .utf8)
            // (The run's working folder is the folder's parent: the file is named relative to it.)
            let file = URL(fileURLWithPath: folder).lastPathComponent + "/bad.feature"
            XCTAssertTrue(text.contains("Parse error: \(file):4:3: "), "\(name): \(text)")
        }
        // On the console the error is said once, on stderr.
        XCTAssertFalse(result.stdout.contains("Parse error"), result.stdout)
        XCTAssertTrue(result.stderr.contains("bad.feature:4:3: "), result.stderr)
    }
}
