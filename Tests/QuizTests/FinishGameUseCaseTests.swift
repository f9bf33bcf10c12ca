import Foundation
import Quiz
import XCTest

final class FinishGameUseCaseTests: XCTestCase {
    func test_add_finishesWithAllAnswersFoundOnLastAnswerBeforeTimeIsOver() throws {
        var sut = makeStartedSUT(answerCount: 2)
        try sut.add(guess: "abstract", at: gameStart + 10)
        XCTAssertNil(sut.outcome)

        try sut.add(guess: "assert", at: gameStart + 20)

        XCTAssertEqual(sut.outcome, .allAnswersFound)
        XCTAssertEqual(sut.hits, 2)
        XCTAssertFalse(sut.isPlaying)
    }

    func test_add_freezesTheCounterWhenAllAnswersAreFound() throws {
        var sut = makeStartedSUT(answerCount: 1)

        try sut.add(guess: "abstract", at: gameStart + 20)

        XCTAssertEqual(sut.remainingTime(at: gameStart + 200), 280)
    }

    func test_add_refusesGuessesOnceAllAnswersAreFound() throws {
        var sut = makeStartedSUT(answerCount: 1)
        try sut.add(guess: "abstract", at: gameStart + 20)

        XCTAssertThrowsError(try sut.add(guess: "abstract", at: gameStart + 21)) { error in
            XCTAssertEqual(error as? QuizGame.Error, .finished)
        }
    }

    func test_update_finishesWithTimeIsOverWhenTheCounterReachesZero() throws {
        var sut = makeStartedSUT(answerCount: 3)
        try sut.add(guess: "abstract", at: gameStart + 10)

        sut.update(at: gameStart + 299)
        XCTAssertNil(sut.outcome)
        sut.update(at: gameStart + 300)

        XCTAssertEqual(sut.outcome, .timeIsOver)
        XCTAssertEqual(sut.hits, 1)
        XCTAssertEqual(sut.remainingTime(at: gameStart + 400), 0)
    }

    func test_update_doesNothingBeforeStart() {
        var sut = QuizGame(question: makeQuestion())

        sut.update(at: gameStart + 1_000)

        XCTAssertEqual(sut.state, .notStarted)
    }

    // MARK: Helpers

    private func makeStartedSUT(answerCount: Int) -> QuizGame {
        var sut = QuizGame(question: makeQuestion(answerCount: answerCount))
        sut.start(at: gameStart)
        return sut
    }
}
