import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

final class ListenerPipelineTests: XCTestCase {
    private func makeSUT(returns: DecodedEnvelopeReturns?) -> (ListenerPipeline, HeardSpy) {
        let heard = HeardSpy()
        return (ListenerPipeline(batchSize: 2, returns: returns, listen: heard.listen), heard)
    }

    private func envelope(_ id: String) -> Envelope {
        Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 0, nanos: 0), id: id))
    }

    func test_drain_handsEveryEnvelopeToTheListenersInOrder() {
        let (sut, heard) = makeSUT(returns: nil)
        for id in ["a", "b", "c"] { sut.send(envelope(id)) }
        sut.drain()
        XCTAssertEqual(heard.ids, ["a", "b", "c"])
    }

    func test_drain_listensToEachBatchInsideOneCallOfAround() {
        let heard = HeardSpy()
        var marks: [String] = []
        let sut = ListenerPipeline(
            batchSize: 2,
            around: { body in
                marks.append("(")
                body()
                marks.append(")")
            },
            listen: { envelope in
                heard.listen(envelope)
                marks.append(envelope.testRunStarted?.id ?? "?")
            })
        for id in ["a", "b", "c"] { sut.send(envelope(id)) }
        sut.drain()
        XCTAssertEqual(marks, ["(", "a", "b", ")", "(", "c", ")"])
    }

    func test_drain_handsTheBatchesHeardBackToBeFreedOnWorkerRuns() {
        let returns = DecodedEnvelopeReturns()
        let (sut, heard) = makeSUT(returns: returns)
        for id in ["a", "b", "c"] { sut.send(envelope(id)) }
        sut.drain()
        XCTAssertEqual(heard.ids, ["a", "b", "c"])
        XCTAssertEqual(returns.waiting, 3)
        returns.free()
        XCTAssertEqual(returns.waiting, 0)
    }

    func test_checkpoint_runsTheCheckpointGivenAtInitAfterTheBatchesSentBefore() {
        let heard = HeardSpy()
        var marks: [String] = []
        let sut = ListenerPipeline(
            batchSize: 2, checkpoint: { marks.append("checkpoint") },
            listen: { envelope in
                heard.listen(envelope)
                marks.append(envelope.testRunStarted?.id ?? "?")
            })
        sut.send(envelope("a"))
        sut.checkpoint()
        sut.checkpoint()  // within the interval: nothing
        sut.drain()
        XCTAssertEqual(marks, ["a", "checkpoint"])
    }
}

private final class HeardSpy: @unchecked Sendable {
    private(set) var ids: [String] = []
    func listen(_ envelope: Envelope) { if let id = envelope.testRunStarted?.id { ids.append(id) } }
}
