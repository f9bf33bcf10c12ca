import Foundation
import Messages
import SpecRunCore
import Synchronization
import XCTest

@testable import SpecRunWorkers

/// In a run whose reports read nothing of a passed step but that it passed (`collapsesPassedSteps`), the steps that
/// passed since the worker's last line go as one `!P` line, written before the next line or the next write of the
/// buffer — the crash handlers' write included.
final class WorkerOutboxPassedStepsTests: XCTestCase {
    func test_testCaseFinished_writesOnePassedStepsLineInPlaceOfTheStepsOnAnAttemptWhoseEveryStepPassed() {
        let bytes = writtenByOutbox { sut in
            collapsing(sut)
            run(sut, statuses: [.passed, .passed, .passed])
        }

        XCTAssertEqual(kinds(bytes), ["C", "P", "E"])
        XCTAssertEqual(passedSteps(bytes).map(\.count), [3])
        XCTAssertEqual(passedSteps(bytes).map(\.lastEnd), [Timestamp(seconds: 4, nanos: 9)], "the last step's end")
        XCTAssertEqual(envelopes(bytes).map(\.kind), [.testCaseStarted, .testCaseFinished])
    }

    func test_testStepFinished_writesTheStepsPassedBeforeItThenItsOwnLineOnAStepThatDidNotPass() {
        for status in [TestStepResultStatus.failed, .skipped, .undefined, .pending, .ambiguous, .unknown] {
            let bytes = writtenByOutbox { sut in
                collapsing(sut)
                run(sut, statuses: [.passed, .passed, status, .passed])
            }

            XCTAssertEqual(kinds(bytes), ["C", "P", "F", "P", "E"], "\(status)")
            XCTAssertEqual(passedSteps(bytes).map(\.count), [2, 1], "\(status)")
            XCTAssertEqual(envelopes(bytes).compactMap(\.testStepFinished).map(\.testStepResult.status), [status])
        }
    }

    func test_emit_writesTheStepsPassedBeforeItsLine() {
        let bytes = writtenByOutbox { sut in
            collapsing(sut)
            run(sut, statuses: [.passed, .passed]) {
                sut.emit(
                    Envelope(
                        attachment: Attachment(
                            body: "note", contentEncoding: .identity, mediaType: "text/plain", testCaseStartedId: "a1",
                            testStepId: "s1")))
            }
        }

        XCTAssertEqual(kinds(bytes), ["C", "P", "{", "P", "E"])
    }

    func test_flush_writesTheStepsPassedSoFarOnAnAttemptThatHasNotEnded() {
        let bytes = writtenByOutbox { sut in
            collapsing(sut)
            sut.testCaseStarted(attempt: 0, id: "a1", testCaseId: "tc", timestamp: Timestamp(seconds: 1, nanos: 0))
            finish(sut, "s1", .passed, second: 2)
            finish(sut, "s2", .passed, second: 3)
        }

        XCTAssertEqual(kinds(bytes), ["C", "P"], "what the flushing thread writes while the next step runs")
        XCTAssertEqual(passedSteps(bytes).map(\.count), [2])
    }

    func test_writeRest_writesTheStepsPassedSinceTheLastLineBeforeTheBuffersEndOnACrash() {
        let bytes = writtenByOutbox { sut in
            collapsing(sut)
            sut.testCaseStarted(attempt: 0, id: "a1", testCaseId: "tc", timestamp: Timestamp(seconds: 1, nanos: 0))
            finish(sut, "s1", .passed, second: 2)
            CrashOutbox.writeRest()  // as the fatal-signal and exit handlers do
            // (A handler keeps its claim on the channel: the process ends after it. Here the test goes on.)
            CrashOutbox.writer.store(0, ordering: .sequentiallyConsistent)
        }

        XCTAssertEqual(kinds(bytes), ["C", "P"], "the supervisor blames the step after them, not the first")
    }

    func test_testStepFinished_writesEachStepsLineOnARunWhoseReportsReadPassedSteps() {
        let bytes = writtenByOutbox { sut in
            sut.sendsStepStarts = false
            run(sut, statuses: [.passed, .passed])
        }

        XCTAssertEqual(kinds(bytes), ["C", "F", "F", "E"])
    }

    // MARK: Helpers

    /// As a run's worker without a message report whose reports read nothing more of a passed step.
    private func collapsing(_ sut: WorkerOutbox) {
        sut.sendsStepStarts = false
        sut.collapsesPassedSteps = true
    }

    /// An attempt of steps with these results (`between`: after the first step), then its end.
    private func run(_ sut: WorkerOutbox, statuses: [TestStepResultStatus], between: () -> Void = {}) {
        sut.testCaseStarted(attempt: 0, id: "a1", testCaseId: "tc", timestamp: Timestamp(seconds: 1, nanos: 0))
        for (position, status) in statuses.enumerated() {
            finish(sut, "s\(position + 1)", status, second: position + 2)
            if position == 0 { between() }
        }
        sut.testCaseFinished(testCaseStartedId: "a1", timestamp: Timestamp(seconds: 9, nanos: 0), willBeRetried: false)
    }

    private func finish(_ sut: WorkerOutbox, _ step: String, _ status: TestStepResultStatus, second: Int) {
        sut.testStepStarted(testCaseStartedId: "a1", testStepId: step, timestamp: Timestamp(seconds: second, nanos: 0))
        sut.testStepFinished(
            testCaseStartedId: "a1", testStepId: step, result: TestStepResult(duration: Duration(seconds: 0, nanos: 5), status: status),
            timestamp: Timestamp(seconds: second, nanos: 9))
    }

    /// The kind letter of each compact line ("{" for a JSON line).
    private func kinds(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0x0A).map { line in
            line.first == CompactEnvelope.marker ? String(decoding: line.dropFirst().prefix(1), as: UTF8.self) : "{"
        }
    }

    private func events(_ bytes: [UInt8]) -> [WorkerEvent] {
        let decoder = WorkerOutputDecoder(number: 0, skipsPrelude: false)
        return decoder.append(bytes) + decoder.finish()
    }

    private func passedSteps(_ bytes: [UInt8]) -> [(count: Int, lastEnd: Timestamp)] {
        events(bytes).compactMap { event in
            if case .passedSteps(_, let count, let lastEnd) = event { return (count, lastEnd) } else { return nil }
        }
    }

    private func envelopes(_ bytes: [UInt8]) -> [Envelope] {
        events(bytes).flatMap { event -> [Envelope] in
            if case .envelopes(_, let list) = event { return list } else { return [] }
        }
    }
}
