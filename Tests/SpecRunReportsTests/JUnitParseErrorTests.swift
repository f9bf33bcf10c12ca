import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

final class JUnitParseErrorTests: XCTestCase {
    func test_junit_countsAnUnparsableFileAsAnErrorTestCase() throws {
        let output = try render([
            Envelope(
                parseError: ParseError(
                    source: SourceReference(uri: "f/lang.feature", location: Location(line: 1, column: 1)),
                    message: "(1:1): Language not supported: xx-nope")),
            Envelope(testRunFinished: TestRunFinished(success: true, timestamp: Timestamp(seconds: 1, nanos: 0))),
        ])

        XCTAssertTrue(output.contains(#"tests="1" skipped="0" failures="0" errors="1""#), output)
        XCTAssertTrue(output.contains(#"<testcase classname="f/lang.feature" name="Parse error at f/lang.feature:1:1" time="0">"#), output)
        XCTAssertTrue(output.contains(#"<error type="ParseError" message="f/lang.feature:1:1: Language not supported: xx-nope">"#), output)
    }

    func test_junit_saysTheParseErrorInTheConsolesWordsOnWordsGiven() throws {
        var options = ReportOptions()
        options.parseErrorWords = { _ in "expected a step, got 'Giving x' (did you mean 'Given'?)" }
        let output = try render(
            [
                Envelope(
                    parseError: ParseError(
                        source: SourceReference(uri: "f/a.feature", location: Location(line: 4, column: 3)),
                        message: "(4:3): expected: #EOF, #StepLine, got 'Giving x'")),
                Envelope(testRunFinished: TestRunFinished(success: false, timestamp: Timestamp(seconds: 1, nanos: 0))),
            ], options: options)

        let line = "f/a.feature:4:3: expected a step, got 'Giving x' (did you mean 'Given'?)"
        XCTAssertTrue(output.contains("<error type=\"ParseError\" message=\"\(line)\">\n<![CDATA[\(line)]]>"), output)
        XCTAssertFalse(output.contains("#StepLine"), output)
    }

    private func render(_ envelopes: [Envelope], options: ReportOptions = ReportOptions()) throws -> String {
        var text = ""
        let formatter = makeFormatter(.junit, write: { text += $0 }, options: options)
        envelopes.forEach(formatter.handle)
        try formatter.finish()
        return text
    }
}
