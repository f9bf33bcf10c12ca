import Foundation

/// Composes the use cases for one screen: load the question, start, add guesses, tick, reset, play again.
/// Time comes from `currentDate`, ticks from the injected `CountdownTicker`: every output is reproducible.
/// Not thread-safe by design: drive it from one context (the main actor in an app).
public final class QuizGameController {
    private let loader: any QuestionLoader
    private let ticker: any CountdownTicker
    private let currentDate: () -> Date
    private let duration: TimeInterval
    private weak var view: (any QuizView)?

    public private(set) var game: QuizGame?

    public init(
        loader: any QuestionLoader,
        ticker: any CountdownTicker,
        view: any QuizView,
        duration: TimeInterval = QuizGame.defaultDuration,
        currentDate: @escaping () -> Date
    ) {
        self.loader = loader
        self.ticker = ticker
        self.view = view
        self.duration = duration
        self.currentDate = currentDate
    }

    /// Load Question From Remote; on success the game is ready to start.
    public func load() async {
        if game == nil { view?.display(QuizPresenter.placeholder(duration: duration)) }
        view?.display(QuizLoadErrorViewModel(message: nil))
        view?.display(QuizLoadingViewModel(isLoading: true))
        do {
            let question = try await loader.load()
            if game?.isPlaying == true { ticker.stop() }
            game = QuizGame(question: question, duration: duration)
            view?.display(QuizLoadingViewModel(isLoading: false))
            render()
        } catch {
            view?.display(QuizLoadingViewModel(isLoading: false))
            view?.display(QuizLoadErrorViewModel(message: QuizPresenter.loadErrorMessage(for: error)))
        }
    }

    /// Start Game: starts the counter and enables guesses. Ignored before the question is loaded.
    public func start() {
        guard var game, !game.isPlaying else { return }
        game.start(at: currentDate())
        self.game = game
        ticker.start(every: 1) { [weak self] in self?.tick() }
        render()
    }

    /// Add User Guess + Finish Game: validates and saves the guess, then tells whether the round is over.
    /// Returns nil when the guess is refused (round not started or over, blank guess).
    @discardableResult
    public func add(guess: String) -> QuizGame.GuessResult? {
        guard var game else { return nil }
        let result = try? game.add(guess: guess, at: currentDate())
        self.game = game
        if game.outcome != nil { ticker.stop() }
        render()
        return result
    }

    /// Finish Game: verifies the guesses against the clock and tells whether the round is over (every answer
    /// found, or no time left); the screen shows the final message when it is.
    @discardableResult
    public func validateGuesses() -> Bool {
        guard var game else { return false }
        game.update(at: currentDate())
        self.game = game
        if game.isFinished { ticker.stop() }
        render()
        return game.isFinished
    }

    /// Reset: counter back to the full time, guesses deleted, no guesses until started again.
    public func reset() {
        guard var game else { return }
        ticker.stop()
        game.reset()
        self.game = game
        render()
    }

    /// The button of the final message ("Play Again" / "Try Again"): back to a fresh round, ready to start.
    public func playAgain() {
        reset()
    }

    private func tick() {
        guard var game else { return }
        game.update(at: currentDate())
        self.game = game
        if !game.isPlaying { ticker.stop() }
        render()
    }

    private func render() {
        guard let game else { return }
        view?.display(QuizPresenter.map(game, at: currentDate()))
    }
}
