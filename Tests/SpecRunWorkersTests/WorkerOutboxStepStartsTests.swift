import Foundation
import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// A step's start crosses from a worker to the supervisor only when a message report reads it: the supervisor takes
/// the end of the step before as the start of a step a crash or a timeout ends (`Supervisor.RunningCase.lastEnd`).
final class WorkerOutboxStepStartsTests: XCTestCase {
    func test_testStepStarted_writesNoLineOnARunWithoutAMessageReport() throws {
        let bytes = try written(sendsStepStarts: false)

        XCTAssertEqual(kinds(bytes), ["C", "F", "F", "E"])
        XCTAssertEqual(
            decoded(bytes).map(\.kind), [.testCaseStarted, .testStepFinished, .testStepFinished, .testCaseFinished],
            "the supervisor decodes the steps' ends without their starts")
    }

    func test_testStepStarted_writesItsLineOnARunWithAMessageReport() throws {
        let bytes = try written(sendsStepStarts: true)

        XCTAssertEqual(kinds(bytes), ["C", "S", "F", "S", "F", "E"])
        XCTAssertEqual(decoded(bytes).compactMap(\.testStepStarted).map(\.testStepId), ["s1", "s2"])
    }

    // MARK: Helpers

    /// What a worker's outbox writes for a test case of two passing steps.
    private func written(sendsStepStarts: Bool) throws -> [UInt8] {
        writtenByOutbox { sut in
            sut.sendsStepStarts = sendsStepStarts
            let passed = TestStepResult(duration: Duration(seconds: 0, nanos: 5), status: .passed)
            sut.testCaseStarted(attempt: 0, id: "a1", testCaseId: "tc", timestamp: Timestamp(seconds: 1, nanos: 0))
            for (step, second) in [("s1", 2), ("s2", 3)] {
                sut.testStepStarted(testCaseStartedId: "a1", testStepId: step, timestamp: Timestamp(seconds: second, nanos: 0))
                sut.testStepFinished(
                    testCaseStartedId: "a1", testStepId: step, result: passed, timestamp: Timestamp(seconds: second, nanos: 9))
            }
            sut.testCaseFinished(testCaseStartedId: "a1", timestamp: Timestamp(seconds: 4, nanos: 0), willBeRetried: false)
        }
    }

    /// The kind letter of each compact line.
    private func kinds(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0x0A).map { String(decoding: $0.dropFirst().prefix(1), as: UTF8.self) }
    }

    private func decoded(_ bytes: [UInt8]) -> [Envelope] {
        let decoder = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        return (decoder.append(bytes) + decoder.finish()).flatMap { event -> [Envelope] in
            if case .envelopes(_, let list) = event { return list } else { return [] }
        }
    }
}
