import Foundation
import Quiz
import XCTest

final class ResetGameUseCaseTests: XCTestCase {
    func test_reset_restoresTheFullCounterAndDeletesGuesses() throws {
        var sut = makeStartedSUT()
        try sut.add(guess: "abstract", at: gameStart + 30)

        sut.reset()

        XCTAssertEqual(sut.state, .notStarted)
        XCTAssertEqual(sut.remainingTime(at: gameStart + 60), 300)
        XCTAssertEqual(sut.foundAnswers, [])
        XCTAssertEqual(sut.hits, 0)
    }

    func test_reset_refusesGuessesUntilStartedAgain() throws {
        var sut = makeStartedSUT()
        sut.reset()

        XCTAssertThrowsError(try sut.add(guess: "abstract", at: gameStart + 1)) { error in
            XCTAssertEqual(error as? QuizGame.Error, .notStarted)
        }

        sut.start(at: gameStart + 2)
        XCTAssertEqual(try sut.add(guess: "abstract", at: gameStart + 3), .hit("abstract"))
    }

    func test_reset_afterTimeIsOver_startsFromAFreshRound() throws {
        var sut = makeStartedSUT()
        try sut.add(guess: "abstract", at: gameStart + 1)
        sut.update(at: gameStart + 300)

        sut.reset()

        XCTAssertEqual(sut.state, .notStarted)
        XCTAssertEqual(sut.foundAnswers, [])
        XCTAssertEqual(sut.remainingTime(at: gameStart + 301), 300)
    }

    func test_start_afterAFinishedRound_startsANewRound() throws {
        var sut = makeStartedSUT(answerCount: 1)
        try sut.add(guess: "abstract", at: gameStart + 1)

        sut.start(at: gameStart + 10)

        XCTAssertEqual(sut.state, .playing(startedAt: gameStart + 10))
        XCTAssertEqual(sut.foundAnswers, [])
    }

    // MARK: Helpers

    private func makeStartedSUT(answerCount: Int = 3) -> QuizGame {
        var sut = QuizGame(question: makeQuestion(answerCount: answerCount))
        sut.start(at: gameStart)
        return sut
    }
}
