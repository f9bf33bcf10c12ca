import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

/// The documents made beside a one-worker run (`Supervisor+Documents`): work is handed out as soon as worker 0 is
/// ready, and the stream still reads meta, every document, then the rest.
final class SupervisorDocumentsTests: XCTestCase {
    func test_receive_asksForTheDocumentsBesideAndHandsOutWorkBeforeTheyEndOnOneWorker() {
        let (sut, forwarded) = makeSUT(workers: 1)

        XCTAssertEqual(sut.receive(meta(), from: 0), [.makeDocuments])
        prelude(sut, cases: 2)
        let actions = sut.control(ready(2), from: 0)

        XCTAssertEqual(actions, [.send(worker: 0, .run(0))], "work before the last document")
        XCTAssertEqual(forwarded.kinds, [.meta], "the stream waits for the documents")
    }

    func test_documentsEnded_putsTheDocumentsRightAfterMetaAndWhatWaitedAfterThem() {
        let (sut, forwarded) = makeSUT(workers: 1)
        _ = sut.receive(meta(), from: 0)
        prelude(sut, cases: 1)
        _ = sut.control(ready(1), from: 0)
        _ = sut.receive(Envelope(testCaseStarted: TestCaseStarted(attempt: 0, id: "c0", testCaseId: "tc0", timestamp: time)), from: 0)

        sut.documentsMade([pickle("p0")])
        XCTAssertEqual(forwarded.kinds, [.meta, .pickle], "a document goes ahead")
        _ = sut.documentsEnded()

        XCTAssertEqual(forwarded.kinds, [.meta, .pickle, .testRunStarted, .testCase, .testCaseStarted])
        _ = sut.receive(Envelope(testStepStarted: TestStepStarted(testCaseStartedId: "c0", testStepId: "s0", timestamp: time)), from: 0)
        XCTAssertEqual(forwarded.kinds.last, .testStepStarted, "then live")
    }

    func test_receive_makesTheDocumentsOnTheSpotWithSeveralWorkers() {
        let (sut, forwarded) = makeSUT(workers: 2)

        XCTAssertEqual(sut.receive(meta(), from: 0), [], "with two workers the plan reads the pickles (@serial, names)")

        XCTAssertEqual(forwarded.kinds, [.meta, .pickle])
    }

    func test_documentsEnded_handsOutTheWorkTheFullGateHeldBack() {
        let (sut, _) = makeSUT(workers: 1)
        _ = sut.receive(meta(), from: 0)
        prelude(sut, cases: 1)
        for _ in 0..<Supervisor.StreamAssembler.gateLimit {
            _ = sut.receive(
                Envelope(testRunHookFinished: TestRunHookFinished(testRunHookStartedId: "h", result: passed, timestamp: time)), from: 0)
        }

        XCTAssertEqual(sut.control(ready(1), from: 0), [], "no work while the full gate holds the stream")
        XCTAssertEqual(sut.documentsEnded(), [.send(worker: 0, .run(0))])
    }

    // MARK: Helpers

    private let time = Timestamp(seconds: 1, nanos: 0)
    private let passed = TestStepResult(duration: Duration(seconds: 0, nanos: 0), status: .passed)

    private func makeSUT(workers: Int) -> (Supervisor, Forwarded) {
        let forwarded = Forwarded()
        let settings = Supervisor.Settings(workers: workers, documentsBeside: true)
        let document = pickle("p0")
        let sut = Supervisor(
            settings: settings, now: { Date(timeIntervalSince1970: 10) }, documents: { emit in emit(document) },
            forward: forwarded.append)
        _ = sut.start()
        return (sut, forwarded)
    }

    final class Forwarded {
        private(set) var kinds: [Envelope.Kind] = []
        func append(_ envelope: Envelope) { kinds.append(envelope.kind) }
    }

    private func meta() -> Envelope {
        Envelope(
            meta: Meta(
                protocolVersion: "1", implementation: Product(name: "specrun"), runtime: Product(name: "swift"),
                os: Product(name: "linux"), cpu: Product(name: "x64")))
    }

    private func pickle(_ id: String) -> Envelope {
        Envelope(pickle: Pickle(id: id, uri: "a.feature", name: "S", language: "en", steps: [], tags: [], astNodeIds: []))
    }

    private func ready(_ count: Int) -> WorkerControl { .ready(testCases: count, beforeAllPassed: true, keys: nil) }

    /// Worker 0's prelude after its meta: testRunStarted and test cases of one step each.
    private func prelude(_ sut: Supervisor, cases: Int) {
        _ = sut.receive(Envelope(testRunStarted: TestRunStarted(timestamp: time, id: "run")), from: 0)
        for index in 0..<cases {
            let steps = [TestStep(id: "s\(index)", pickleStepId: "ps", stepDefinitionIds: ["d"])]
            _ = sut.receive(
                Envelope(testCase: TestCase(id: "tc\(index)", pickleId: "p\(index)", testSteps: steps, testRunStartedId: "run")), from: 0)
        }
    }
}
