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
        XCTAssertTrue(output.contains(#"<error type="ParseError" message="Language not supported: xx-nope">"#), output)
    }

    private func render(_ envelopes: [Envelope]) throws -> String {
        var text = ""
        let formatter = makeFormatter(.junit, write: { text += $0 }, options: ReportOptions())
        envelopes.forEach(formatter.handle)
        try formatter.finish()
        return text
    }
}
