import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A feature file that does not parse makes the run exit 3: the GitHub annotations say where, as every report does.
final class GitHubParseErrorTests: XCTestCase {
    func test_github_annotatesTheFileLineAndColumnOnAParseError() throws {
        var text = ""
        let formatter = makeFormatter(.github, write: { text += $0 }, options: ReportOptions())
        [
            Envelope(
                parseError: ParseError(
                    source: SourceReference(uri: "f/a,b.feature", location: Location(line: 5, column: 3)),
                    message: "(5:3): expected: #EOF, #StepLine, got 'Giving nonsense'")),
            Envelope(testRunFinished: TestRunFinished(success: false, timestamp: Timestamp(seconds: 1, nanos: 0))),
        ].forEach(formatter.handle)
        try formatter.finish()

        XCTAssertEqual(
            text,
            "::error file=f/a%2Cb.feature,line=5,col=3,title=Parse error::f/a,b.feature:5:3: expected: #EOF, #StepLine, got 'Giving nonsense'\n"
                + "::notice title=specrun::0 scenarios: 1 problem(s)\n")
    }

    func test_github_saysTheParseErrorInTheConsolesWordsOnWordsGiven() throws {
        var options = ReportOptions()
        options.parseErrorWords = { _ in "expected a step, got 'Giving nonsense' (did you mean 'Given'?)" }
        var text = ""
        let formatter = makeFormatter(.github, write: { text += $0 }, options: options)
        [
            Envelope(
                parseError: ParseError(
                    source: SourceReference(uri: "f/a.feature", location: Location(line: 5, column: 3)),
                    message: "(5:3): expected: #EOF, #StepLine, got 'Giving nonsense'")),
            Envelope(testRunFinished: TestRunFinished(success: false, timestamp: Timestamp(seconds: 1, nanos: 0))),
        ].forEach(formatter.handle)
        try formatter.finish()

        XCTAssertTrue(
            text.hasPrefix(
                "::error file=f/a.feature,line=5,col=3,title=Parse error::"
                    + "f/a.feature:5:3: expected a step, got 'Giving nonsense' (did you mean 'Given'?)\n"), text)
    }

    func test_github_saysScenarioInTheSingularOnARunOfOneScenario() throws {
        var run = RunStream()
        let feature = run.feature("features/a.feature", "A")
        run.scenario(feature, "one", [("a failing step", .one, .failed())])
        var text = ""
        let formatter = makeFormatter(.github, write: { text += $0 }, options: ReportOptions())
        run.envelopes().forEach(formatter.handle)
        try formatter.finish()

        XCTAssertTrue(text.hasSuffix("::notice title=specrun::1 scenario: 1 problem(s)\n"), text)
    }
}
