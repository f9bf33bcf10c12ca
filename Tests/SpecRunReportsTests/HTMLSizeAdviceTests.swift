import Foundation
import Messages
import SharedState
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// Past the size where one file stops being practical, specrun says to use `html-site`, once, on stderr.
final class HTMLSizeAdviceTests: XCTestCase {
    func test_finish_advisesTheFolderReportOnARunPastThePracticalSize() throws {
        XCTAssertEqual(try makeSUT(practical: 5).count, 1)
        XCTAssertTrue(try makeSUT(practical: 5).first?.contains("--format html-site:DIR") == true)
    }

    func test_finish_saysNothingOnARunWithinThePracticalSize() throws {
        XCTAssertEqual(try makeSUT(practical: 8), [])
    }

    /// The notes of an HTML report of the sample run (8 scenarios).
    private func makeSUT(practical: Int) throws -> [String] {
        let notes = Locked<[String]>([])
        let formatter = HTMLFormatter(
            sink: WriterSink { _ in }, feed: IndexFeed(SharedRunIndex()), title: "t", note: { note in notes.withLock { $0.append(note) } },
            practical: practical)
        for envelope in try sampleEnvelopes() { formatter.handle(envelope) }
        try formatter.finish()
        return notes.withLock { $0 }
    }
}
