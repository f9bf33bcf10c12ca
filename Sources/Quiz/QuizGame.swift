import Foundation

/// The rules of one round: a pure state machine driven by the caller's clock.
///
/// Not started → (start) → playing → all answers found / time is over → finished.
/// `reset()` goes back to not started from anywhere: counter back to the full duration, guesses cleared.
public struct QuizGame: Equatable, Sendable {
    public static let defaultDuration: TimeInterval = 5 * 60

    public enum State: Equatable, Sendable {
        case notStarted
        case playing(startedAt: Date)
        case finished(Outcome, remainingTime: TimeInterval)
    }

    public enum Outcome: Equatable, Sendable {
        case allAnswersFound
        case timeIsOver
    }

    /// Why a guess was not accepted.
    public enum Error: Swift.Error, Equatable, Sendable {
        case notStarted
        case finished
        case blankGuess
    }

    public let question: Question
    public let duration: TimeInterval
    public internal(set) var state: State = .notStarted
    /// The answers found so far, in the order found, spelled as in the question.
    public internal(set) var foundAnswers: [String] = []
    let answerKey: AnswerKey

    public init(question: Question, duration: TimeInterval = QuizGame.defaultDuration) {
        self.question = question
        self.duration = duration
        self.answerKey = AnswerKey(answers: question.answers)
    }

    public var hits: Int { foundAnswers.count }
    /// The number of distinct answers to find (the same answer listed twice counts once).
    public var total: Int { answerKey.count }
    /// The answers still to be guessed ("update the remaining answers to be guessed").
    public var answersLeft: Int { total - hits }

    public var isPlaying: Bool {
        if case .playing = state { return true }
        return false
    }

    /// Finish Game use case: whether the round is over (every answer found or no time left).
    public var isFinished: Bool { outcome != nil }

    public var outcome: Outcome? {
        if case .finished(let outcome, _) = state { return outcome }
        return nil
    }

    /// Starts the counter and enables guesses. Starting a round in progress does nothing;
    /// starting a finished round starts a new one.
    public mutating func start(at now: Date) {
        if isPlaying { return }
        foundAnswers = []
        state = .playing(startedAt: now)
    }

    /// Stops the counter, clears the guesses; guesses are refused until the next start.
    public mutating func reset() {
        foundAnswers = []
        state = .notStarted
    }

    /// Time left on the counter at `now` (never negative; frozen once the round is finished).
    public func remainingTime(at now: Date) -> TimeInterval {
        switch state {
        case .notStarted:
            duration
        case .playing(let startedAt):
            max(0, duration - now.timeIntervalSince(startedAt))
        case .finished(_, let remaining):
            remaining
        }
    }

    /// Ends the round when the counter has reached zero. Call it on every tick.
    public mutating func update(at now: Date) {
        guard isPlaying, remainingTime(at: now) <= 0 else { return }
        state = .finished(.timeIsOver, remainingTime: 0)
    }
}
