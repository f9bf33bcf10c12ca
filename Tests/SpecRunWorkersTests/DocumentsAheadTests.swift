import Foundation
import Messages
import SharedState
import XCTest

@testable import SpecRunWorkers

final class DocumentsAheadTests: XCTestCase {
    func test_drain_handsEveryEnvelopeInTheOrderMadeAcrossBatches() {
        let count = DocumentsAhead.batch * 2 + 7
        let sut = DocumentsAhead { emit in
            for index in 0..<count { emit(Self.envelope(index)) }
        }

        var ids: [String] = []
        sut.drain { ids.append($0.testRunStarted?.id ?? "?") }

        XCTAssertEqual(ids, (0..<count).map { "r\($0)" })
    }

    func test_init_makesTheDocumentsBeforeTheyAreAskedFor() {
        let made = DispatchSemaphore(value: 0)
        let sut = DocumentsAhead { emit in
            emit(Self.envelope(0))
            made.signal()
        }

        XCTAssertEqual(made.wait(timeout: .now() + 10), .success, "made on a thread of its own, with no one draining")
        var ids: [String] = []
        sut.drain { ids.append($0.testRunStarted?.id ?? "?") }
        XCTAssertEqual(ids, ["r0"])
    }

    func test_drain_waitsForTheEnvelopesNotMadeYet() {
        let go = DispatchSemaphore(value: 0)
        let sut = DocumentsAhead { emit in
            emit(Self.envelope(0))
            go.wait()
            emit(Self.envelope(1))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { go.signal() }

        var ids: [String] = []
        sut.drain { ids.append($0.testRunStarted?.id ?? "?") }

        XCTAssertEqual(ids, ["r0", "r1"])
    }

    func test_init_makesNoMoreThanItsLimitOfBatchesAheadOfTheDrain() {
        let made = Locked(0)
        let count = DocumentsAhead.batch * 10
        let sut = DocumentsAhead(limit: 2) { emit in
            for index in 0..<count {
                emit(Self.envelope(index))
                made.withLock { $0 += 1 }
            }
        }
        Thread.sleep(forTimeInterval: 0.2)

        XCTAssertLessThanOrEqual(made.withLock { $0 }, DocumentsAhead.batch * 3, "two batches waiting, the third being filled")
        var ids: [String] = []
        sut.drain { ids.append($0.testRunStarted?.id ?? "?") }
        XCTAssertEqual(ids, (0..<count).map { "r\($0)" })
    }

    func test_drain_returnsWhenNothingIsMade() {
        let sut = DocumentsAhead { _ in }
        var count = 0
        sut.drain { _ in count += 1 }
        XCTAssertEqual(count, 0)
    }

    private static func envelope(_ index: Int) -> Envelope {
        Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 0), id: "r\(index)"))
    }
}
