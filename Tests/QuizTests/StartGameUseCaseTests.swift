import Foundation
import Quiz
import XCTest

final class StartGameUseCaseTests: XCTestCase {
    func test_init_isNotStartedWithFullCounterAndNoHits() {
        let sut = makeSUT(answerCount: 3)

        XCTAssertEqual(sut.state, .notStarted)
        XCTAssertEqual(sut.remainingTime(at: gameStart + 100), 300)
        XCTAssertEqual(sut.hits, 0)
        XCTAssertEqual(sut.total, 3)
        XCTAssertFalse(sut.isPlaying)
    }

    func test_start_startsTheCounter() {
        var sut = makeSUT()

        sut.start(at: gameStart)

        XCTAssertEqual(sut.state, .playing(startedAt: gameStart))
        XCTAssertEqual(sut.remainingTime(at: gameStart), 300)
        XCTAssertEqual(sut.remainingTime(at: gameStart + 1), 299)
        XCTAssertEqual(sut.remainingTime(at: gameStart + 299.5), 0.5)
    }

    func test_start_enablesGuesses() throws {
        var sut = makeSUT()

        sut.start(at: gameStart)

        XCTAssertTrue(sut.isPlaying)
        XCTAssertEqual(try sut.add(guess: "abstract", at: gameStart + 1), .hit("abstract"))
    }

    func test_start_doesNotRestartTheCounterOnRoundInProgress() throws {
        var sut = makeSUT()
        sut.start(at: gameStart)
        try sut.add(guess: "abstract", at: gameStart + 5)

        sut.start(at: gameStart + 10)

        XCTAssertEqual(sut.remainingTime(at: gameStart + 10), 290)
        XCTAssertEqual(sut.foundAnswers, ["abstract"])
    }

    func test_start_usesTheInjectedDuration() {
        var sut = QuizGame(question: makeQuestion(), duration: 60)

        sut.start(at: gameStart)

        XCTAssertEqual(sut.remainingTime(at: gameStart + 15), 45)
    }

    func test_remainingTime_neverGoesBelowZero() {
        var sut = makeSUT()
        sut.start(at: gameStart)

        XCTAssertEqual(sut.remainingTime(at: gameStart + 1_000), 0)
    }

    // MARK: Helpers

    private func makeSUT(answerCount: Int = 3) -> QuizGame {
        QuizGame(question: makeQuestion(answerCount: answerCount))
    }
}
