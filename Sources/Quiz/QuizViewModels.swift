import Foundation

/// Everything the game screen shows.
public struct QuizViewModel: Equatable, Sendable {
    /// The question, e.g. "What are all the java keywords?".
    public let title: String
    /// The counter, `mm:ss` ("05:00").
    public let timerText: String
    /// Hits out of total, "0/50".
    public let hitsText: String
    /// The answers found, in the order found.
    public let answers: [String]
    /// Whether the answer field accepts input.
    public let isGuessInputEnabled: Bool
    /// The main button: "Start" before the round, "Reset" once started.
    public let actionTitle: String
    /// Shown when the round is over.
    public let finalMessage: QuizFinalMessageViewModel?

    public init(
        title: String, timerText: String, hitsText: String, answers: [String],
        isGuessInputEnabled: Bool, actionTitle: String, finalMessage: QuizFinalMessageViewModel?
    ) {
        self.title = title
        self.timerText = timerText
        self.hitsText = hitsText
        self.answers = answers
        self.isGuessInputEnabled = isGuessInputEnabled
        self.actionTitle = actionTitle
        self.finalMessage = finalMessage
    }
}

/// The message shown at the end of a round, with its button.
public struct QuizFinalMessageViewModel: Equatable, Sendable {
    public let title: String
    public let message: String
    /// "Play Again" after finding every answer, "Try Again" when time is over.
    public let actionTitle: String

    public init(title: String, message: String, actionTitle: String) {
        self.title = title
        self.message = message
        self.actionTitle = actionTitle
    }
}

public struct QuizLoadingViewModel: Equatable, Sendable {
    public let isLoading: Bool

    public init(isLoading: Bool) { self.isLoading = isLoading }
}

public struct QuizLoadErrorViewModel: Equatable, Sendable {
    /// nil hides the error.
    public let message: String?

    public init(message: String?) { self.message = message }
}
