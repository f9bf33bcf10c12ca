import Foundation
import Quiz
import XCTest

final class AddUserGuessUseCaseTests: XCTestCase {
    func test_add_refusesGuessOnGameNotStarted() {
        var sut = makeSUT()

        XCTAssertThrowsError(try sut.add(guess: "abstract", at: gameStart)) { error in
            XCTAssertEqual(error as? QuizGame.Error, .notStarted)
        }
        XCTAssertEqual(sut.foundAnswers, [])
    }

    func test_add_savesCorrectAnswerAndCountsHit() throws {
        var sut = makeStartedSUT()

        let result = try sut.add(guess: "assert", at: gameStart + 1)

        XCTAssertEqual(result, .hit("assert"))
        XCTAssertEqual(sut.foundAnswers, ["assert"])
        XCTAssertEqual(sut.hits, 1)
    }

    func test_add_keepsAnswersInTheOrderFound() throws {
        var sut = makeStartedSUT()

        try sut.add(guess: "boolean", at: gameStart + 1)
        try sut.add(guess: "abstract", at: gameStart + 2)

        XCTAssertEqual(sut.foundAnswers, ["boolean", "abstract"])
    }

    func test_add_ignoresLetterCaseAndSurroundingSpaces() throws {
        var sut = makeStartedSUT()

        let result = try sut.add(guess: "  AbStRaCt \n", at: gameStart + 1)

        XCTAssertEqual(result, .hit("abstract"))
        XCTAssertEqual(sut.foundAnswers, ["abstract"])
    }

    func test_add_doesNotCountTheSameAnswerTwice() throws {
        var sut = makeStartedSUT()
        try sut.add(guess: "abstract", at: gameStart + 1)

        let result = try sut.add(guess: "ABSTRACT", at: gameStart + 2)

        XCTAssertEqual(result, .alreadyFound("abstract"))
        XCTAssertEqual(sut.foundAnswers, ["abstract"])
        XCTAssertEqual(sut.hits, 1)
    }

    func test_add_doesNotSaveWrongAnswer() throws {
        var sut = makeStartedSUT()

        let result = try sut.add(guess: "function", at: gameStart + 1)

        XCTAssertEqual(result, .wrong)
        XCTAssertEqual(sut.foundAnswers, [])
        XCTAssertTrue(sut.isPlaying)
    }

    func test_add_doesNotMatchPartOfAnAnswer() throws {
        var sut = makeStartedSUT()

        XCTAssertEqual(try sut.add(guess: "abs", at: gameStart + 1), .wrong)
        XCTAssertEqual(try sut.add(guess: "abstracts", at: gameStart + 2), .wrong)
    }

    func test_add_refusesBlankGuess() {
        var sut = makeStartedSUT()

        XCTAssertThrowsError(try sut.add(guess: "   ", at: gameStart + 1)) { error in
            XCTAssertEqual(error as? QuizGame.Error, .blankGuess)
        }
    }

    func test_add_refusesGuessOnceTheCounterReachedZero() {
        var sut = makeStartedSUT()

        XCTAssertThrowsError(try sut.add(guess: "abstract", at: gameStart + 300)) { error in
            XCTAssertEqual(error as? QuizGame.Error, .finished)
        }
        XCTAssertEqual(sut.outcome, .timeIsOver)
    }

    func test_add_acceptsGuessJustBeforeTheCounterReachesZero() throws {
        var sut = makeStartedSUT()

        XCTAssertEqual(try sut.add(guess: "abstract", at: gameStart + 299.9), .hit("abstract"))
    }

    func test_total_countsAnAnswerListedTwiceOnce() throws {
        var sut = QuizGame(question: Question(text: "Q?", answers: ["for", "FOR", "while"]))
        sut.start(at: gameStart)

        XCTAssertEqual(sut.total, 2)
        XCTAssertEqual(try sut.add(guess: "For", at: gameStart + 1), .hit("for"))
    }

    // MARK: Helpers

    private func makeSUT() -> QuizGame {
        QuizGame(question: makeQuestion(answerCount: 3))
    }

    private func makeStartedSUT() -> QuizGame {
        var sut = makeSUT()
        sut.start(at: gameStart)
        return sut
    }
}
