import Foundation

/// Turns the state of the game into what the player sees.
public enum QuizPresenter {
    public static let startTitle = "Start"
    public static let resetTitle = "Reset"
    public static let playAgainTitle = "Play Again"
    public static let tryAgainTitle = "Try Again"
    public static let congratulationsTitle = "Congratulations!"
    public static let timeIsOverTitle = "Time is over"
    public static let connectivityErrorMessage = "Couldn't load the question. Check your connection and try again."
    public static let invalidDataErrorMessage = "Couldn't read the question from the server. Please try again later."

    /// Before a question is loaded the counter shows the whole round (as the original's counter: "05:00"); the
    /// question and the hits, which need the question, show "-".
    public static func placeholder(duration: TimeInterval) -> QuizViewModel {
        QuizViewModel(
            title: "-", timerText: timerText(remaining: duration), hitsText: "-", answers: [], isGuessInputEnabled: false,
            actionTitle: startTitle, finalMessage: nil)
    }

    public static func map(_ game: QuizGame, at now: Date) -> QuizViewModel {
        QuizViewModel(
            title: game.question.text,
            timerText: timerText(remaining: game.remainingTime(at: now)),
            hitsText: "\(game.hits)/\(game.total)",
            answers: game.foundAnswers,
            isGuessInputEnabled: game.isPlaying,
            actionTitle: game.state == .notStarted ? startTitle : resetTitle,
            finalMessage: game.outcome.map { finalMessage(for: $0, hits: game.hits, total: game.total) }
        )
    }

    public static func finalMessage(for outcome: QuizGame.Outcome, hits: Int, total: Int) -> QuizFinalMessageViewModel {
        let score = "\(hits) out of \(total) \(total == 1 ? "answer" : "answers")"
        switch outcome {
        case .allAnswersFound:
            return QuizFinalMessageViewModel(
                title: congratulationsTitle,
                message: "Good job! You hit \(score) before the time was over.",
                actionTitle: playAgainTitle
            )
        case .timeIsOver:
            return QuizFinalMessageViewModel(
                title: timeIsOverTitle,
                message: "Sorry, time is over! You hit \(score).",
                actionTitle: tryAgainTitle
            )
        }
    }

    /// `mm:ss`, counting whole seconds down: 300 → "05:00", 299.5 → "05:00", 299 → "04:59", 0 → "00:00".
    public static func timerText(remaining: TimeInterval) -> String {
        let seconds = max(0, Int(remaining.rounded(.up)))
        return "\(twoDigits(seconds / 60)):\(twoDigits(seconds % 60))"
    }

    public static func loadErrorMessage(for error: any Error) -> String {
        (error as? RemoteQuestionLoader.Error) == .invalidData ? invalidDataErrorMessage : connectivityErrorMessage
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
