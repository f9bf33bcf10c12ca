import Foundation
import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// A failure message of several lines (a crash's, with the runtime's fatal-error line) keeps its lines in JUnit's
/// `message` attribute: a raw line break there is read as a space by every XML parser.
final class XMLAttributeLineBreakTests: XCTestCase {
    func test_attribute_writesLineBreaksAndTabsAsReferencesOnAMultilineMessage() {
        XCTAssertEqual(XML.attribute("crashed\nmain.swift:67:\tFatal error\r"), "crashed&#xA;main.swift:67:&#x9;Fatal error&#xD;")
    }

    func test_junit_keepsTheLinesOfTheFailureMessageOnAMultilineMessage() throws {
        var text = ""
        let formatter = makeFormatter(.junit, write: { text += $0 }, options: ReportOptions())
        SyntheticRun.envelopes(scenarios: 10).map { envelope in
            guard var finished = envelope.testStepFinished, finished.testStepResult.exception != nil else { return envelope }
            finished.testStepResult.exception?.message = "first line\nsecond line"
            return Envelope(testStepFinished: finished)
        }.forEach(formatter.handle)
        try formatter.finish()

        XCTAssertTrue(text.contains(#"message="first line&#xA;second line""#), text)
    }
}
