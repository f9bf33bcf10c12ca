import Foundation
import Quiz
import XCTest

final class QuizPresenterTests: XCTestCase {
    func test_timerText_showsMinutesAndSecondsCountingWholeSecondsDown() {
        XCTAssertEqual(QuizPresenter.timerText(remaining: 300), "05:00")
        XCTAssertEqual(QuizPresenter.timerText(remaining: 299.5), "05:00")
        XCTAssertEqual(QuizPresenter.timerText(remaining: 299), "04:59")
        XCTAssertEqual(QuizPresenter.timerText(remaining: 61), "01:01")
        XCTAssertEqual(QuizPresenter.timerText(remaining: 9), "00:09")
        XCTAssertEqual(QuizPresenter.timerText(remaining: 0.2), "00:01")
        XCTAssertEqual(QuizPresenter.timerText(remaining: 0), "00:00")
        XCTAssertEqual(QuizPresenter.timerText(remaining: -3), "00:00")
    }

    func test_map_showsReadyToStartGameBeforeStart() {
        let game = QuizGame(question: makeQuestion(answerCount: 3))

        let viewModel = QuizPresenter.map(game, at: gameStart)

        XCTAssertEqual(
            viewModel,
            QuizViewModel(
                title: "What are all the java keywords?", timerText: "05:00", hitsText: "0/3", answers: [],
                isGuessInputEnabled: false, actionTitle: "Start", finalMessage: nil
            ))
    }

    func test_map_showsCounterHitsAndAnswersDuringTheRound() throws {
        var game = QuizGame(question: makeQuestion(answerCount: 3))
        game.start(at: gameStart)
        try game.add(guess: "boolean", at: gameStart + 10)
        try game.add(guess: "abstract", at: gameStart + 20)

        let viewModel = QuizPresenter.map(game, at: gameStart + 61)

        XCTAssertEqual(
            viewModel,
            QuizViewModel(
                title: "What are all the java keywords?", timerText: "03:59", hitsText: "2/3", answers: ["boolean", "abstract"],
                isGuessInputEnabled: true, actionTitle: "Reset", finalMessage: nil
            ))
    }

    func test_map_showsCongratulationsWithHitsAndPlayAgainWhenAllAnswersAreFound() throws {
        var game = QuizGame(question: makeQuestion(answerCount: 2))
        game.start(at: gameStart)
        try game.add(guess: "abstract", at: gameStart + 10)
        try game.add(guess: "assert", at: gameStart + 20)

        let viewModel = QuizPresenter.map(game, at: gameStart + 30)

        XCTAssertEqual(viewModel.timerText, "04:40")
        XCTAssertFalse(viewModel.isGuessInputEnabled)
        XCTAssertEqual(
            viewModel.finalMessage,
            QuizFinalMessageViewModel(
                title: "Congratulations!",
                message: "Good job! You hit 2 out of 2 answers before the time was over.",
                actionTitle: "Play Again"
            ))
    }

    func test_map_showsTimeIsOverWithHitsOutOfTotalAndTryAgainWhenTheCounterEnds() throws {
        var game = QuizGame(question: makeQuestion(answerCount: 3))
        game.start(at: gameStart)
        try game.add(guess: "abstract", at: gameStart + 10)
        game.update(at: gameStart + 300)

        let viewModel = QuizPresenter.map(game, at: gameStart + 300)

        XCTAssertEqual(viewModel.timerText, "00:00")
        XCTAssertEqual(viewModel.hitsText, "1/3")
        XCTAssertFalse(viewModel.isGuessInputEnabled)
        XCTAssertEqual(
            viewModel.finalMessage,
            QuizFinalMessageViewModel(
                title: "Time is over",
                message: "Sorry, time is over! You hit 1 out of 3 answers.",
                actionTitle: "Try Again"
            ))
    }

    func test_finalMessage_usesSingularForASingleAnswer() {
        XCTAssertEqual(
            QuizPresenter.finalMessage(for: .timeIsOver, hits: 0, total: 1).message,
            "Sorry, time is over! You hit 0 out of 1 answer."
        )
    }

    func test_loadErrorMessage_tellsConnectivityFromInvalidData() {
        XCTAssertEqual(QuizPresenter.loadErrorMessage(for: RemoteQuestionLoader.Error.connectivity), QuizPresenter.connectivityErrorMessage)
        XCTAssertEqual(QuizPresenter.loadErrorMessage(for: RemoteQuestionLoader.Error.invalidData), QuizPresenter.invalidDataErrorMessage)
        XCTAssertNotEqual(QuizPresenter.connectivityErrorMessage, QuizPresenter.invalidDataErrorMessage)
    }
}
