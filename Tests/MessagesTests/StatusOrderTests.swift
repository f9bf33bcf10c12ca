import Messages
import XCTest

/// One order of severity for every "worst status" fold: the runner's, the supervisor's and every report's.
final class StatusOrderTests: XCTestCase {
    func test_statuses_compareInCucumbersOrderOfSeverity() {
        let order: [TestStepResultStatus] = [.unknown, .passed, .skipped, .pending, .undefined, .ambiguous, .failed]
        XCTAssertEqual(order.shuffled().sorted(), order)
        XCTAssertEqual(order.map(\.severity), Array(0...6))
    }

    func test_max_isTheMostSevereOnAMixOfStatuses() {
        XCTAssertEqual([TestStepResultStatus.passed, .undefined, .skipped].max(), .undefined)
        XCTAssertEqual([TestStepResultStatus.ambiguous, .failed, .pending].max(), .failed)
    }
}
