import Messages
@testable import SpecRun
import XCTest

final class WorkerOutputDecoderStepStartTests: XCTestCase {
    private let started = "!S a1 s1 5 0\n"
    private let finished = "!F a1 s1 1 0 10 5 10\n"

    func test_append_dropsAStepStartWhoseFinishFollowsWhenNoneAreKept() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)

        let kinds = envelopes(sut.append(Array((started + finished).utf8))).map(\.kind)

        XCTAssertEqual(kinds, [.testStepFinished])
    }

    func test_append_keepsTheStartOfAStepStillRunning() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)

        let first = envelopes(sut.append(Array((started + finished + "!S a1 s2 6 0\n").utf8)))
        let second = envelopes(sut.append(Array("!F a1 s2 1 0 10 6 10\n!S a1 s3 7 0\n!F a1 s9 1 0 10 7 10\n".utf8)))

        XCTAssertEqual(first.map(\.kind), [.testStepFinished, .testStepStarted])
        XCTAssertEqual(first.last?.testStepStarted?.testStepId, "s2")
        // A finish of another step is no reason to drop the start.
        XCTAssertEqual(second.map(\.kind), [.testStepFinished, .testStepStarted, .testStepFinished])
    }

    func test_append_dropsAStepStartWhoseFinishFollowsItsSuggestionWhenNoneAreKept() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)
        let json = #"{"suggestion":{"id":"u1","pickleStepId":"p1","snippets":[{"code":"c","language":"swift"}]}}"# + "\n"

        let kinds = envelopes(sut.append(Array((started + json + finished + started + "!U u2 p1 0\n" + finished).utf8))).map(\.kind)

        XCTAssertEqual(kinds, [.suggestion, .testStepFinished, .suggestion, .testStepFinished])
    }

    func test_append_keepsTheStartOfAStepStillRunningAfterItsSuggestion() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false, keepsStepStarts: false)
        let json = #"{"suggestion":{"id":"u1","pickleStepId":"p1","snippets":[{"code":"c","language":"swift"}]}}"# + "\n"

        let first = envelopes(sut.append(Array((started + json + "!U u2 p1 0").utf8)))
        let second = envelopes(sut.append(Array("\n!F a1 s9 1 0 10 7 10\n".utf8)))

        XCTAssertEqual(first.map(\.kind), [.testStepStarted, .suggestion])
        XCTAssertEqual(second.map(\.kind), [.suggestion, .testStepFinished])
    }

    func test_append_keepsEveryStepStartByDefault() {
        let sut = WorkerOutputDecoder(number: 0, skipsPrelude: false)

        let kinds = envelopes(sut.append(Array((started + finished).utf8))).map(\.kind)

        XCTAssertEqual(kinds, [.testStepStarted, .testStepFinished])
    }

    private func envelopes(_ events: [WorkerEvent]) -> [Envelope] {
        events.flatMap { if case .envelopes(_, let list) = $0 { return list } else { return [] } }
    }
}
