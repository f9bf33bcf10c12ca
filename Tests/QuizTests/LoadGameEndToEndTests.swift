import Foundation
import HTTPTestSupport
import Quiz
import XCTest

/// The whole stack on a real socket: URLSession → RemoteQuestionLoader → QuizGameController → presenter.
final class LoadGameEndToEndTests: XCTestCase {
    func test_load_displaysTheGameReadyToStartFromARealServer() async throws {
        let server = try makeServer()
        server.stub(
            method: "GET", path: "/quiz",
            with: .json(#"{"question": "What are all the java keywords?", "answer": ["abstract", "assert", "boolean"]}"#))
        let (sut, view) = makeSUT(url: server.url(path: "/quiz"))

        await sut.load()

        XCTAssertEqual(
            view.game,
            QuizViewModel(
                title: "What are all the java keywords?", timerText: "05:00", hitsText: "0/3", answers: [],
                isGuessInputEnabled: false, actionTitle: "Start", finalMessage: nil
            ))
        XCTAssertEqual(server.requests.map(\.method), ["GET"])
    }

    func test_load_displaysInvalidDataMessageOnServerError() async throws {
        let server = try makeServer()
        server.stub(path: "/quiz", with: .json(#"{"error": "maintenance"}"#, statusCode: 503))
        let (sut, view) = makeSUT(url: server.url(path: "/quiz"))

        await sut.load()

        XCTAssertEqual(view.game, QuizPresenter.placeholder(duration: QuizGame.defaultDuration), "only the placeholders")
        XCTAssertEqual(view.errorMessage, QuizPresenter.invalidDataErrorMessage)
    }

    func test_load_displaysConnectivityMessageWhenTheServerDropsTheConnection() async throws {
        let server = try makeServer()
        server.stub(path: "/quiz", with: .dropConnection)
        let (sut, view) = makeSUT(url: server.url(path: "/quiz"))

        await sut.load()

        XCTAssertEqual(view.game, QuizPresenter.placeholder(duration: QuizGame.defaultDuration), "only the placeholders")
        XCTAssertEqual(view.errorMessage, QuizPresenter.connectivityErrorMessage)
    }

    // MARK: Helpers

    private func makeServer() throws -> HTTPTestServer {
        let server = HTTPTestServer()
        try server.start()
        addTeardownBlock { server.stop() }
        return server
    }

    private func makeSUT(url: URL, file: StaticString = #filePath, line: UInt = #line) -> (QuizGameController, ScreenSpy) {
        let view = ScreenSpy()
        let ticker = TickerSpy()
        let sut = QuizGameController(
            loader: RemoteQuestionLoader(url: url, client: URLSessionHTTPClient()), ticker: ticker, view: view
        ) { gameStart }
        trackForMemoryLeaks(sut, file: file, line: line)
        trackForMemoryLeaks(view, file: file, line: line)
        return (sut, view)
    }

    private final class ScreenSpy: QuizView {
        var game: QuizViewModel?
        var errorMessage: String?

        func display(_ viewModel: QuizViewModel) { game = viewModel }
        func display(_ viewModel: QuizLoadingViewModel) {}
        func display(_ viewModel: QuizLoadErrorViewModel) { errorMessage = viewModel.message }
    }
}
