import Foundation
import Quiz

/// The quiz server at the boundary: answers the app's GET with what the scenario set up, records requests.
actor InMemoryQuizServer: HTTPClient {
    struct Offline: Error {}

    private var isOnline = true
    private var reply = HTTPResponse(statusCode: 200, body: JavaKeywordsQuiz.payload)
    private(set) var requestedURLs: [URL] = []

    func reply(statusCode: Int, body: Data) {
        reply = HTTPResponse(statusCode: statusCode, body: body)
    }

    func setOnline(_ online: Bool) {
        isOnline = online
    }

    func get(from url: URL) async throws -> HTTPResponse {
        requestedURLs.append(url)
        guard isOnline else { throw Offline() }
        return reply
    }
}

/// Time as the scenario says it passes.
final class ManualClock {
    private(set) var now = Date(timeIntervalSince1970: 1_763_800_000)

    func advance(by seconds: TimeInterval) { now += seconds }
}

/// The counter's tick source, fired by the scenario.
final class ManualTicker: CountdownTicker {
    private var onTick: (() -> Void)?
    var isRunning: Bool { onTick != nil }

    func start(every interval: TimeInterval, onTick: @escaping () -> Void) { self.onTick = onTick }
    func stop() { onTick = nil }
    func tick() { onTick?() }
}

/// What the customer sees on the game screen: the last thing displayed of each kind.
final class QuizScreen: QuizView {
    private(set) var game: QuizViewModel?
    private(set) var isLoading = false
    /// Every loading state shown, in order.
    private(set) var loadingStates: [Bool] = []
    private(set) var errorMessage: String?

    func display(_ viewModel: QuizViewModel) { game = viewModel }
    func display(_ viewModel: QuizLoadingViewModel) {
        isLoading = viewModel.isLoading
        loadingStates.append(viewModel.isLoading)
    }
    func display(_ viewModel: QuizLoadErrorViewModel) { errorMessage = viewModel.message }
}
