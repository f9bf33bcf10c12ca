import XCTest

@testable import SpecRunReports

/// A failure reads as the criterion's Then with what the app did; the rest is for developers.
final class FailureClaimTests: XCTestCase {
    func test_got_readsTheAppsValueOnEachFormOfComparison() {
        XCTAssertEqual(FailureClaim.got(in: "Specs/QuizSteps.swift:20: expected 1 hits, got 0"), "0")
        XCTAssertEqual(FailureClaim.got(in: "expected 04:58, got 04:59 (Specs/Clock.swift:12)"), "04:59")
        XCTAssertEqual(FailureClaim.got(in: "expected:<04:58> but was:<04:59>"), "04:59")
        XCTAssertEqual(FailureClaim.got(in: "XCTAssertEqual failed: (\"04:58\") is not equal to (\"04:59\")"), "04:59")
        XCTAssertEqual(FailureClaim.got(in: "expected 1, got 2\nSpecs/Steps.swift:4\nmore"), "2", "only the head counts")
        XCTAssertNil(FailureClaim.got(in: "the server did not answer"))
    }

    func test_make_readsTheFailingThenWithWhatTheAppShowedOnAComparison() {
        let claim = FailureClaim.make(steps: Self.steps, failing: 2, status: "failed", message: "expected 04:58, got 04:59")
        XCTAssertEqual(claim, FailureClaim(keyword: "Then ", text: "the counter shows 04:58", actual: " \u{2014} the app showed 04:59"))
    }

    func test_make_saysTheThenWasNotCheckedOnAFailureBeforeIt() {
        let claim = FailureClaim.make(steps: Self.steps, failing: 1, status: "failed", message: "boom")
        XCTAssertEqual(claim?.text, "the counter shows 04:58", "the Then the failure kept from being proven")
        XCTAssertEqual(claim?.actual, " \u{2014} not checked: \u{201C}When two seconds pass\u{201D} failed")
    }

    func test_make_saysAThenWithoutDefinitionIsNotWrittenYetOnAnUndefinedStep() {
        let claim = FailureClaim.make(steps: Self.steps, failing: 2, status: "undefined", message: nil)
        XCTAssertEqual(claim?.actual, " \u{2014} not checked: this step is not written yet")
    }

    func test_make_readsAFailedThenWithoutComparisonAsNotHolding() {
        XCTAssertEqual(
            FailureClaim.make(steps: Self.steps, failing: 2, status: "failed", message: "the timer stopped")?.actual,
            " \u{2014} it did not hold")
    }

    func test_make_blamesAHookOnAFailureOutsideTheSteps() {
        XCTAssertEqual(
            FailureClaim.make(steps: Self.steps, failing: nil, status: "failed", message: nil)?.actual,
            " \u{2014} not checked: a hook failed")
    }

    private static let steps = [
        FailureClaim.Step(keyword: "Given ", text: "a quiz of 5 minutes", isOutcome: false),
        FailureClaim.Step(keyword: "When ", text: "two seconds pass", isOutcome: false),
        FailureClaim.Step(keyword: "Then ", text: "the counter shows 04:58", isOutcome: true),
    ]
}
