import Messages
import SpecRunCore
import XCTest

@testable import SpecRunWorkers

final class WorkerOutputDecoderStepStartTests: XCTestCase {
    /// The attempt the steps below belong to.
    private let attempt = "!C a1 c1 0 4 0\n"
    private let started = "!S s1 5 0\n"
    private let finished = "!F s1 1 0 10 5 10\n"

    func test_append_dropsAStepStartWhoseFinishFollowsWhenNoneAreKept() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)

        let kinds = envelopes(sut.append(Array((attempt + started + finished).utf8))).map(\.kind)

        XCTAssertEqual(kinds, [.testCaseStarted, .testStepFinished])
    }

    func test_append_keepsTheStartOfAStepStillRunning() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)

        let first = envelopes(sut.append(Array((attempt + started + finished + "!S s2 6 0\n").utf8)))
        let second = envelopes(sut.append(Array("!F s2 1 0 10 6 10\n!S s3 7 0\n!F s9 1 0 10 7 10\n".utf8)))

        XCTAssertEqual(first.map(\.kind), [.testCaseStarted, .testStepFinished, .testStepStarted])
        XCTAssertEqual(first.last?.testStepStarted?.testStepId, "s2")
        // A finish of another step is no reason to drop the start.
        XCTAssertEqual(second.map(\.kind), [.testStepFinished, .testStepStarted, .testStepFinished])
    }

    func test_append_dropsAStepStartWhoseFinishFollowsItsSuggestionWhenNoneAreKept() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)
        let json = #"{"suggestion":{"id":"u1","pickleStepId":"p1","snippets":[{"code":"c","language":"swift"}]}}"# + "\n"

        let kinds = envelopes(sut.append(Array((attempt + started + json + finished + started + "!U u2 p1 0\n" + finished).utf8))).map(
            \.kind)

        XCTAssertEqual(kinds, [.testCaseStarted, .suggestion, .testStepFinished, .suggestion, .testStepFinished])
    }

    func test_append_keepsTheStartOfAStepStillRunningAfterItsSuggestion() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)
        let json = #"{"suggestion":{"id":"u1","pickleStepId":"p1","snippets":[{"code":"c","language":"swift"}]}}"# + "\n"

        let first = envelopes(sut.append(Array((attempt + started + json + "!U u2 p1 0").utf8)))
        let second = envelopes(sut.append(Array("\n!F s9 1 0 10 7 10\n".utf8)))

        XCTAssertEqual(first.map(\.kind), [.testCaseStarted, .testStepStarted, .suggestion])
        XCTAssertEqual(second.map(\.kind), [.suggestion, .testStepFinished])
    }

    func test_append_keepsEveryStepStartByDefault() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let kinds = envelopes(sut.append(Array((attempt + started + finished).utf8))).map(\.kind)

        XCTAssertEqual(kinds, [.testCaseStarted, .testStepStarted, .testStepFinished])
    }

    private func envelopes(_ events: [WorkerEvent]) -> [Envelope] {
        events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
    }
}
