import Foundation
import Quiz
import XCTest

/// The use cases composed for the game screen, checked on what the screen receives.
final class QuizGameControllerTests: XCTestCase {
    func test_init_doesNotLoadNorDisplayAnything() {
        let (_, loader, ticker, view, _) = makeSUT()

        XCTAssertEqual(loader.loadCallCount, 0)
        XCTAssertEqual(ticker.messages, [])
        XCTAssertEqual(view.messages, [])
    }

    func test_load_displaysPlaceholdersThenLoadingThenTheQuestionReadyToStart() async {
        let (sut, _, _, view, _) = makeSUT(question: makeQuestion(answerCount: 3))

        await sut.load()

        XCTAssertEqual(
            view.messages,
            [
                .game(
                    QuizViewModel(
                        title: "-", timerText: "05:00", hitsText: "-", answers: [],
                        isGuessInputEnabled: false, actionTitle: "Start", finalMessage: nil)),
                .error(nil),
                .loading(true),
                .loading(false),
                .game(
                    QuizViewModel(
                        title: "What are all the java keywords?", timerText: "05:00", hitsText: "0/3", answers: [],
                        isGuessInputEnabled: false, actionTitle: "Start", finalMessage: nil
                    )),
            ])
    }

    func test_load_displaysConnectivityErrorOnLoaderError() async {
        let (sut, _, _, view, _) = makeSUT(result: .failure(RemoteQuestionLoader.Error.connectivity))

        await sut.load()

        XCTAssertEqual(
            view.messages,
            [
                .game(QuizPresenter.placeholder(duration: QuizGame.defaultDuration)), .error(nil), .loading(true), .loading(false),
                .error(QuizPresenter.connectivityErrorMessage),
            ])
        XCTAssertNil(sut.game)
    }

    func test_start_startsTheTickerEverysecondAndEnablesGuesses() async {
        let (sut, _, ticker, view, _) = await makeLoadedSUT()

        sut.start()

        XCTAssertEqual(ticker.messages, [.start(interval: 1)])
        XCTAssertEqual(view.lastGame?.isGuessInputEnabled, true)
        XCTAssertEqual(view.lastGame?.actionTitle, "Reset")
        XCTAssertEqual(view.lastGame?.timerText, "05:00")
    }

    func test_start_isIgnoredBeforeTheQuestionIsLoaded() {
        let (sut, _, ticker, view, _) = makeSUT()

        sut.start()

        XCTAssertEqual(ticker.messages, [])
        XCTAssertEqual(view.messages, [])
    }

    func test_tick_countsTheCounterDown() async {
        let (sut, _, ticker, view, clock) = await makeLoadedSUT()
        sut.start()

        clock.advance(by: 1)
        ticker.tick()
        XCTAssertEqual(view.lastGame?.timerText, "04:59")

        clock.advance(by: 60)
        ticker.tick()
        XCTAssertEqual(view.lastGame?.timerText, "03:59")
    }

    func test_add_displaysTheAnswersFoundAndHits() async {
        let (sut, _, _, view, clock) = await makeLoadedSUT(answerCount: 3)
        sut.start()

        clock.advance(by: 5)
        XCTAssertEqual(sut.add(guess: "Boolean "), .hit("boolean"))
        XCTAssertEqual(sut.add(guess: "nope"), .wrong)

        XCTAssertEqual(view.lastGame?.answers, ["boolean"])
        XCTAssertEqual(view.lastGame?.hitsText, "1/3")
    }

    func test_add_isRefusedBeforeStart() async {
        let (sut, _, _, view, _) = await makeLoadedSUT()

        XCTAssertNil(sut.add(guess: "abstract"))

        XCTAssertEqual(view.lastGame?.answers, [])
        XCTAssertEqual(view.lastGame?.hitsText, "0/3")
    }

    func test_add_lastAnswerBeforeTimeIsOver_displaysCongratulationsAndStopsTheCounter() async {
        let (sut, _, ticker, view, clock) = await makeLoadedSUT(answerCount: 2)
        sut.start()

        clock.advance(by: 30)
        sut.add(guess: "abstract")
        sut.add(guess: "assert")

        XCTAssertEqual(ticker.messages, [.start(interval: 1), .stop])
        XCTAssertEqual(view.lastGame?.finalMessage?.title, "Congratulations!")
        XCTAssertEqual(view.lastGame?.finalMessage?.message, "Good job! You hit 2 out of 2 answers before the time was over.")
        XCTAssertEqual(view.lastGame?.finalMessage?.actionTitle, "Play Again")
        XCTAssertEqual(view.lastGame?.timerText, "04:30")
    }

    func test_tick_whenTheCounterEnds_displaysTimeIsOverAndStopsTheCounter() async {
        let (sut, _, ticker, view, clock) = await makeLoadedSUT(answerCount: 3)
        sut.start()
        sut.add(guess: "abstract")

        clock.advance(by: 300)
        ticker.tick()

        XCTAssertEqual(ticker.messages, [.start(interval: 1), .stop])
        XCTAssertEqual(view.lastGame?.timerText, "00:00")
        XCTAssertEqual(view.lastGame?.isGuessInputEnabled, false)
        XCTAssertEqual(
            view.lastGame?.finalMessage,
            QuizFinalMessageViewModel(
                title: "Time is over", message: "Sorry, time is over! You hit 1 out of 3 answers.", actionTitle: "Try Again"
            ))
    }

    func test_reset_stopsAndResetsTheCounterAndDeletesTheGuesses() async {
        let (sut, _, ticker, view, clock) = await makeLoadedSUT()
        sut.start()
        clock.advance(by: 42)
        sut.add(guess: "abstract")

        sut.reset()

        XCTAssertEqual(ticker.messages, [.start(interval: 1), .stop])
        XCTAssertEqual(
            view.lastGame,
            QuizViewModel(
                title: "What are all the java keywords?", timerText: "05:00", hitsText: "0/3", answers: [],
                isGuessInputEnabled: false, actionTitle: "Start", finalMessage: nil
            ))
        XCTAssertNil(sut.add(guess: "assert"))
    }

    func test_reset_twice_leavesAFreshRoundWithTheCounterStopped() async {
        let (sut, _, ticker, view, _) = await makeLoadedSUT()
        sut.start()
        sut.add(guess: "abstract")

        sut.reset()
        sut.reset()

        XCTAssertEqual(ticker.messages, [.start(interval: 1), .stop, .stop])
        XCTAssertEqual(view.lastGame?.hitsText, "0/3")
        XCTAssertEqual(view.lastGame?.actionTitle, "Start")
    }

    func test_validateGuesses_finishesWithTimeOverOnTimeRunOutWithoutATick() async {
        let (sut, _, ticker, view, clock) = await makeLoadedSUT()
        sut.start()
        clock.advance(by: 300)

        let finished = sut.validateGuesses()

        XCTAssertTrue(finished)
        XCTAssertEqual(sut.game?.outcome, .timeIsOver)
        XCTAssertEqual(ticker.messages.last, .stop)
        XCTAssertEqual(view.lastGame?.finalMessage?.title, QuizPresenter.timeIsOverTitle)
    }

    func test_validateGuesses_isNotFinishedWhileTimeIsLeft() async {
        let (sut, _, _, _, clock) = await makeLoadedSUT()
        sut.start()
        clock.advance(by: 299)

        XCTAssertFalse(sut.validateGuesses())
    }

    func test_playAgain_afterTimeIsOver_returnsToAFreshRoundReadyToStart() async {
        let (sut, _, ticker, view, clock) = await makeLoadedSUT()
        sut.start()
        sut.add(guess: "abstract")
        clock.advance(by: 300)
        ticker.tick()

        sut.playAgain()

        XCTAssertEqual(view.lastGame?.timerText, "05:00")
        XCTAssertEqual(view.lastGame?.answers, [])
        XCTAssertNil(view.lastGame?.finalMessage)
        XCTAssertEqual(view.lastGame?.actionTitle, "Start")
    }

    func test_tick_afterTheControllerIsGone_doesNothing() async {
        let loader = LoaderStub(result: .success(makeQuestion()))
        let ticker = TickerSpy()
        let view = QuizViewSpy()
        var sut: QuizGameController? = QuizGameController(loader: loader, ticker: ticker, view: view) { gameStart }
        await sut?.load()
        sut?.start()
        let messageCount = view.messages.count

        sut = nil
        ticker.tick()

        XCTAssertEqual(view.messages.count, messageCount)
    }

    // MARK: Helpers

    private func makeSUT(
        question: Question = makeQuestion(),
        result: Result<Question, Error>? = nil,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> (QuizGameController, LoaderStub, TickerSpy, QuizViewSpy, TestClock) {
        let loader = LoaderStub(result: result ?? .success(question))
        let ticker = TickerSpy()
        let view = QuizViewSpy()
        let clock = TestClock()
        let sut = QuizGameController(loader: loader, ticker: ticker, view: view) { clock.now }
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(ticker, file: file, line: line)
        trackForMemoryLeaks(view, file: file, line: line)
        return (sut, loader, ticker, view, clock)
    }

    private func makeLoadedSUT(
        answerCount: Int = 3, file: StaticString = #filePath, line: UInt = #line
    ) async -> (QuizGameController, LoaderStub, TickerSpy, QuizViewSpy, TestClock) {
        let components = makeSUT(question: makeQuestion(answerCount: answerCount), file: file, line: line)
        await components.0.load()
        return components
    }
}

final class LoaderStub: QuestionLoader, @unchecked Sendable {
    // @unchecked: written only by the test's own task, never concurrently.
    private let result: Result<Question, Error>
    private(set) var loadCallCount = 0

    init(result: Result<Question, Error>) { self.result = result }

    func load() async throws -> Question {
        loadCallCount += 1
        return try result.get()
    }
}

final class TickerSpy: CountdownTicker {
    enum ReceivedMessage: Equatable {
        case start(interval: TimeInterval)
        case stop
    }

    private(set) var messages: [ReceivedMessage] = []
    private var onTick: (() -> Void)?

    func start(every interval: TimeInterval, onTick: @escaping () -> Void) {
        messages.append(.start(interval: interval))
        self.onTick = onTick
    }

    func stop() {
        messages.append(.stop)
        onTick = nil
    }

    func tick() { onTick?() }
}

final class QuizViewSpy: QuizView {
    enum ReceivedMessage: Equatable {
        case game(QuizViewModel)
        case loading(Bool)
        case error(String?)
    }

    private(set) var messages: [ReceivedMessage] = []

    var lastGame: QuizViewModel? {
        messages.reversed().lazy.compactMap { if case .game(let viewModel) = $0 { viewModel } else { nil } }.first
    }

    func display(_ viewModel: QuizViewModel) { messages.append(.game(viewModel)) }
    func display(_ viewModel: QuizLoadingViewModel) { messages.append(.loading(viewModel.isLoading)) }
    func display(_ viewModel: QuizLoadErrorViewModel) { messages.append(.error(viewModel.message)) }
}
