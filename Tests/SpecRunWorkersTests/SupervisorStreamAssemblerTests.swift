import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The supervisor's stream assembler (`Supervisor+StreamAssembler`): the planned order, whatever order test cases
/// complete in; the journal as they come.
final class SupervisorStreamAssemblerTests: XCTestCase {
    func test_complete_emitsTheTestCasesInThePlannedOrderOnAnyOrderOfCompletion() {
        let (output, journal) = (Sink(), Sink())
        var sut = makeSUT(count: 3, output: output, journal: journal)

        sut.append(envelope("2a"), to: 2)
        sut.append(envelope("1a"), to: 1)
        sut.append(envelope("2b"), to: 2)
        XCTAssertTrue(sut.complete(2))
        sut.append(envelope("1b"), to: 1)
        XCTAssertTrue(sut.complete(1))
        XCTAssertEqual(output.ids, [], "0 is not complete: everything after it waits")
        sut.append(envelope("0a"), to: 0)
        XCTAssertTrue(sut.complete(0))

        XCTAssertEqual(output.ids, ["0a", "1a", "1b", "2a", "2b"])
        XCTAssertEqual(journal.ids, ["2a", "1a", "2b", "1b", "0a"], "as they came, each once")
    }

    func test_append_streamsTheHeadLiveAndTheNewHeadOnceThoseBeforeItAreComplete() {
        let output = Sink()
        var sut = makeSUT(count: 2, output: output)

        sut.append(envelope("0a"), to: 0)
        sut.append(envelope("1a"), to: 1)
        XCTAssertEqual(output.ids, ["0a"], "the head streams live")
        XCTAssertTrue(sut.complete(0))
        XCTAssertEqual(output.ids, ["0a", "1a"], "what the new head sent so far")
        sut.append(envelope("1b"), to: 1)

        XCTAssertEqual(output.ids, ["0a", "1a", "1b"], "the rest of it live")
    }

    func test_hold_keepsTheHeadsMadeEnvelopesUntilItIsComplete() {
        let (output, journal) = (Sink(), Sink())
        var sut = makeSUT(count: 1, output: output, journal: journal)
        sut.append(envelope("0a"), to: 0)

        sut.hold([envelope("0b"), envelope("0c")], for: 0)

        XCTAssertEqual(output.ids, ["0a"])
        XCTAssertEqual(journal.ids, ["0a", "0b", "0c"])
        XCTAssertTrue(sut.complete(0))
        XCTAssertEqual(output.ids, ["0a", "0b", "0c"])
    }

    func test_complete_isFalseAndEmitsNothingOnATestCaseCompleteAlreadyOrNotPlanned() {
        let output = Sink()
        var sut = makeSUT(count: 1, output: output)
        XCTAssertTrue(sut.complete(0))
        sut.hold([envelope("late")], for: 0)

        XCTAssertFalse(sut.complete(0))
        XCTAssertFalse(sut.complete(5))
        XCTAssertEqual(output.ids, [])
    }

    func test_releaseComplete_emitsTheCompleteTestCasesBehindAGapInThePlannedOrder() {
        let output = Sink()
        var sut = makeSUT(count: 4, output: output)
        sut.append(envelope("3a"), to: 3)
        sut.append(envelope("1a"), to: 1)
        sut.append(envelope("2a"), to: 2)
        _ = sut.complete(3)
        _ = sut.complete(1)

        sut.releaseComplete()

        XCTAssertEqual(output.ids, ["1a", "3a"], "2 never completed (an interruption): left out")
    }

    // MARK: - Helpers

    private func makeSUT(count: Int, output: Sink, journal: Sink? = nil) -> Supervisor.StreamAssembler {
        var sut = Supervisor.StreamAssembler(output: output.append)
        sut.journal = journal.map { $0.append }
        sut.plan(count: count)
        return sut
    }

    private func envelope(_ id: String) -> Envelope {
        Envelope(
            testCaseFinished: TestCaseFinished(testCaseStartedId: id, timestamp: Timestamp(seconds: 0, nanos: 0), willBeRetried: false))
    }

    final class Sink {
        private(set) var ids: [String] = []
        func append(_ envelope: Envelope) { ids.append(envelope.testCaseFinished?.testCaseStartedId ?? "?") }
    }
}
