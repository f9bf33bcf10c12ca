import Foundation
import XCTest

/// The JUnit report, the GitHub annotations and the HTML report say a parse error in the words the console says it
/// on stderr (`file:line:column: expected …, got '…' (did you mean 'Given'?)`), not in the parser's raw tokens.
final class ParseErrorWordsInReportsEndToEndTests: XCTestCase {
    func test_junitGithubAndHTML_carryTheConsolesWordsOnAnUnparsableFeatureFile() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "bad.feature": "Feature: G\n  Scenario: T\n    Given a passing step\n  Giving nonsense\n"
        ])

        let result = try runProcess(
            fixture,
            [
                folder, "--format", "junit:\(folder)/junit.xml", "--format", "github:\(folder)/github.txt",
                "--format", "html:\(folder)/report.html",
            ])

        XCTAssertEqual(result.status, 3, result.stderr)
        let file = URL(fileURLWithPath: folder).lastPathComponent + "/bad.feature"
        let said = try XCTUnwrap(
            result.stderr.split(separator: "\n").first { $0.hasPrefix("\(file):4:3: ") }.map(String.init), result.stderr)
        XCTAssertTrue(said.hasSuffix(", got 'Giving nonsense' (did you mean 'Given'?)"), said)
        XCTAssertFalse(said.contains("#"), said)
        let junit = try String(contentsOfFile: "\(folder)/junit.xml", encoding: .utf8)
        XCTAssertTrue(
            junit.contains("<error type=\"ParseError\" message=\"\(said)\">"), junit)
        XCTAssertTrue(junit.contains("<![CDATA[\(said)]]>"), junit)
        let github = try String(contentsOfFile: "\(folder)/github.txt", encoding: .utf8)
        XCTAssertTrue(github.contains(",line=4,col=3,title=Parse error::\(said)\n"), github)
        // The page's data holds the file, line and column apart, and the words after them (with the hint the page's
        // own wording of the parser's tokens, kept for a stream read without them, cannot give).
        let html = try String(contentsOfFile: "\(folder)/report.html", encoding: .utf8)
        let words = String(said.dropFirst("\(file):4:3: ".count))
        XCTAssertTrue(html.contains("\"message\":\"\(words)\""), words)
        XCTAssertFalse(html.contains("\"message\":\"(4:3): expected: #"), "the parser's tokens in the page's data")
    }
}
