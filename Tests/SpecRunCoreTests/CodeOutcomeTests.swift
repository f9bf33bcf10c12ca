import Messages
import XCTest

@testable import SpecRunCore

/// What a piece of user code came to: its status, and what it says (kept apart from the status, made only when it
/// says something).
final class CodeOutcomeTests: XCTestCase {
    private let exception = Exception(type: "Crash", message: "signal 11", stackTrace: "Steps.swift:3")

    func test_init_keepsTheMessageAndTheExceptionOnEveryCombinationOfThem() {
        for (message, exception) in [(nil, nil), ("boom", nil), (nil, exception), ("boom", exception)] as [(String?, Exception?)] {
            let sut = CodeOutcome(status: .failed, message: message, exception: exception)

            XCTAssertEqual(sut.message, message)
            XCTAssertEqual(sut.exception, exception)
            XCTAssertEqual(
                sut.result(duration: Duration(seconds: 0, nanos: 5)),
                TestStepResult(duration: Duration(seconds: 0, nanos: 5), message: message, status: .failed, exception: exception))
        }
    }

    func test_equality_comparesWhatTheOutcomesSayNotWhereTheyKeepIt() {
        XCTAssertEqual(CodeOutcome(status: .passed), .passed)
        XCTAssertEqual(CodeOutcome(status: .failed, message: "boom"), CodeOutcome(status: .failed, message: "boom"))
        XCTAssertNotEqual(CodeOutcome(status: .failed, message: "boom"), CodeOutcome(status: .failed, message: "bang"))
        XCTAssertNotEqual(CodeOutcome(status: .failed, exception: exception), CodeOutcome(status: .failed))
        XCTAssertNotEqual(CodeOutcome(status: .failed), CodeOutcome(status: .pending))
    }
}
