import Messages
import XCTest

@testable import SpecRunReportCore
@testable import SpecRunReports

/// The index's attempts: one per `testCaseStarted`, an attempt sent again (a merged stream) in the first one's
/// place.
final class RunIndexAttemptTests: XCTestCase {
    func test_allAttempts_keepsAnAttemptSentAgainInTheFirstOnesPlaceOnAMergedStream() {
        let sut = RunIndex()
        for id in ["tc0", "tc1"] {
            sut.handle(Envelope(testCase: TestCase(id: id, pickleId: "p-\(id)", testSteps: [], testRunStartedId: "run")))
        }

        sut.handle(started("a0", testCase: "tc0", second: 1))
        sut.handle(started("a1", testCase: "tc1", second: 2))
        sut.handle(started("a0", testCase: "tc0", second: 3))

        XCTAssertEqual(sut.allAttempts().map(\.started.id), ["a0", "a1"])
        XCTAssertEqual(sut.allAttempts().first?.started.timestamp.seconds, 3, "the one sent last")
        XCTAssertEqual(sut.attemptList.count, 2)
    }

    private func started(_ id: String, testCase: String, second: Int) -> Envelope {
        Envelope(
            testCaseStarted: TestCaseStarted(
                attempt: 0, id: id, testCaseId: testCase,
                timestamp: Timestamp(seconds: second, nanos: 0)))
    }
}
