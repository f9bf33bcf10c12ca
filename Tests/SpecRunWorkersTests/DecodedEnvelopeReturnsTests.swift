import XCTest

@testable import Messages
@testable import SpecRunWorkers

/// `DecodedEnvelopeReturns`: the batches the listeners heard, freed by the threads that made them — the feature
/// files' messages by their maker while it makes more, the rest by the thread that calls `free`.
final class DecodedEnvelopeReturnsTests: XCTestCase {
    private func makeSUT() -> DecodedEnvelopeReturns { DecodedEnvelopeReturns() }

    private let pickle = Envelope(
        pickle: Pickle(id: "p", uri: "a.feature", name: "one", language: "en", steps: [], tags: [], astNodeIds: []))
    private let document = Envelope(gherkinDocument: GherkinDocument(uri: "a.feature", comments: []))
    private let source = Envelope(source: Source(uri: "a.feature", data: "Feature: a\n", mediaType: .gherkinPlain))
    private let parseError = Envelope(parseError: ParseError(source: SourceReference(uri: "b.feature"), message: "b.feature: (1:1): bad"))
    private let started = Envelope(testRunStarted: TestRunStarted(timestamp: Timestamp(seconds: 0, nanos: 0), id: "r"))

    func test_free_freesEveryEnvelopeOnNoMakerOfTheFilesMessages() {
        let sut = makeSUT()
        sut.give([pickle, started])

        sut.free()

        XCTAssertEqual(sut.waiting, 0)
        XCTAssertEqual(sut.documentsApart, 0)
    }

    func test_free_setsTheFeatureFilesMessagesApartWhileTheirMakerMakesMore() {
        let sut = makeSUT()
        sut.freeDocuments(more: true)
        sut.give([source, document, started, pickle])
        sut.give([parseError, started])

        sut.free()

        XCTAssertEqual(sut.waiting, 0)
        XCTAssertEqual(sut.documentsApart, 4, "the source, document, pickle and parse error; not the testRunStarted")
        sut.freeDocuments(more: true)
        XCTAssertEqual(sut.documentsApart, 0)
    }

    func test_free_freesTheFeatureFilesMessagesWithTheRestOnceTheirMakerMakesNoMore() {
        let sut = makeSUT()
        sut.freeDocuments(more: true)
        sut.give([pickle])
        sut.free()

        sut.freeDocuments(more: false)
        sut.give([document, started])
        sut.free()

        XCTAssertEqual(sut.documentsApart, 0)
        XCTAssertEqual(sut.waiting, 0)
    }

    func test_freeDocuments_isWhereAFilesMessageSetApartIsLetGo() {
        let sut = makeSUT()
        sut.freeDocuments(more: true)
        weak var box: AnyObject?
        do {
            let made = Envelope(pickle: Pickle(id: "q", uri: "a.feature", name: "two", language: "en", steps: [], tags: [], astNodeIds: []))
            if case .pickle(let message) = made.message { box = message }
            sut.give([made])
        }

        sut.free()
        XCTAssertNotNil(box, "kept for the thread that made it")
        sut.freeDocuments(more: true)
        XCTAssertNil(box)
    }
}
