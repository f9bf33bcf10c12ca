import Foundation
import XCTest

/// The JUnit report and the GitHub annotations say a parse error in the words the console says it on stderr
/// (`file:line:column: expected …, got '…' (did you mean 'Given'?)`), not in the parser's raw tokens.
final class ParseErrorWordsInReportsEndToEndTests: XCTestCase {
    func test_junitAndGithub_carryTheConsolesWordsOnAnUnparsableFeatureFile() throws {
        let fixture = try fixtureExecutable()
        let folder = try makeFixtureFeatures([
            "bad.feature": "Feature: G\n  Scenario: T\n    Given a passing step\n  Giving nonsense\n"
        ])

        let result = try runProcess(
            fixture, [folder, "--format", "junit:\(folder)/junit.xml", "--format", "github:\(folder)/github.txt"])

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
    }
}
