import Foundation
import Quiz
import SpecRun

/// One customer's app for one scenario: the real loader, game and presenter; the server, clock and
/// ticker are doubles at the boundary.
final class QuizWorld: ScriptedBoundaryWorld {
    var quizURL = URL(string: "https://quiz.example.com/quiz")!
    let server = InMemoryQuizServer()
    var boundary: ScriptedBoundary { server.boundary }
    let clock = ManualClock()
    let ticker = ManualTicker()
    let screen = QuizScreen()
    private(set) lazy var controller: QuizGameController = {
        let clock = self.clock
        return QuizGameController(
            loader: RemoteQuestionLoader(url: quizURL, client: server), ticker: ticker, view: screen,
            currentDate: { clock.now }
        )
    }()
    /// What the "Load Question" command delivered.
    var loadResult: Result<Question, Error>?
    /// What the last guess gave (nil when it was not accepted).
    var lastGuess: QuizGame.GuessResult?
    /// What the "Validate user guesses" command reported.
    var reportedFinished: Bool?

    required init() {}

    var shown: QuizViewModel {
        get throws { try unwrap(screen.game, "the game screen shows no game: was the question loaded?") }
    }

    var game: QuizGame {
        get throws { try unwrap(controller.game, "no game: the question was not loaded") }
    }

    func serverOffersJavaKeywords(statusCode: Int = 200) async {
        await server.reply(statusCode: statusCode, body: JavaKeywordsQuiz.payload)
    }

    func loadJavaKeywordsGame() async throws {
        await serverOffersJavaKeywords()
        await controller.load()
        try expectNil(screen.errorMessage, "loading the java keywords question")
    }

    /// The clock moves second by second, the ticker firing each second, as the real counter would.
    func pass(seconds: Int) {
        for _ in 0..<max(0, seconds) {
            clock.advance(by: 1)
            ticker.tick()
        }
    }

    func insert(_ guess: String) {
        lastGuess = controller.add(guess: guess)
    }

    /// The first answers of the document's list, typed by the customer: the steps know the answers from the
    /// fixture the server serves, never from the game under test.
    func insertFirst(_ count: Int) throws {
        for answer in JavaKeywordsQuiz.answers.prefix(count) { insert(answer) }
    }

    func insertEveryAnswer() throws {
        try insertFirst(JavaKeywordsQuiz.answers.count)
    }

    func runCounterToTheEnd() throws {
        pass(seconds: Int(try game.remainingTime(at: clock.now).rounded(.up)))
    }
}
