import Foundation
import Quiz

/// The quiz server at the boundary: one endpoint, `question` (every GET), scripted through the shared
/// `ScriptedBoundary`. Unscripted it serves what the scenario published (the java keywords question by default);
/// without connectivity the connection drops.
actor InMemoryQuizServer: HTTPClient {
    let boundary = ScriptedBoundary(endpoints: [("question", { $0.method == "GET" })])
    private var published = BoundaryResponse(status: 200, headers: ["Content-Type": "application/json"], body: JavaKeywordsQuiz.payload)

    func reply(statusCode: Int, body: Data) {
        published = BoundaryResponse(status: statusCode, headers: ["Content-Type": "application/json"], body: body)
    }

    func setOnline(_ online: Bool) async {
        try? await boundary.script("question", [online ? .usual : .dropConnection])
    }

    var requestedURLs: [URL] {
        get async { await boundary.allRequests.map(\.url) }
    }

    func get(from url: URL) async throws -> HTTPResponse {
        let answer = await boundary.receive(BoundaryRequest(method: "GET", url: url))
        let response = try answer.shape { published }
        return HTTPResponse(statusCode: response.status, body: response.body)
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
