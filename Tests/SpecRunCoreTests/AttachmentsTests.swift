import Messages
import XCTest

@testable import SpecRunCore

final class AttachmentsTests: XCTestCase {
    func test_run_emitsAttachmentsBetweenTheStepsStartedAndFinishedMessages() async throws {
        let (_, spy) = try await run(
            makeSUT(
                features: [
                    "features/a.feature": """
                    Feature: f
                      Scenario: s
                        When the text "hello" is attached
                        And 3 bytes are attached as "bytes.bin"
                        And the line "a log line" is logged
                    """
                ], libraries: [BasketSteps.self]))

        XCTAssertEqual(spy.attachments.map(\.body), ["hello", "AAEC", "a log line"])
        XCTAssertEqual(spy.attachments.map(\.contentEncoding), [.identity, .base64, .identity])
        XCTAssertEqual(spy.attachments.map(\.mediaType), ["text/plain", "application/octet-stream", "text/x.cucumber.log+plain"])
        XCTAssertEqual(spy.attachments.map(\.fileName), [nil, "bytes.bin", nil])
        let steps = try XCTUnwrap(spy.testCases.first?.testSteps)
        XCTAssertEqual(spy.attachments.map(\.testStepId), steps.map(\.id))
        let caseStarted = try XCTUnwrap(spy.envelopes.compactMap(\.testCaseStarted).first)
        XCTAssertTrue(spy.attachments.allSatisfy { $0.testCaseStartedId == caseStarted.id && $0.timestamp != nil })
        XCTAssertEqual(
            spy.kinds.filter { $0.hasPrefix("testStep") || $0 == "attachment" },
            [
                "testStepStarted", "attachment", "testStepFinished",
                "testStepStarted", "attachment", "testStepFinished",
                "testStepStarted", "attachment", "testStepFinished",
            ])
    }
}
