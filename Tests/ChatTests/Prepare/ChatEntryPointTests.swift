import XCTest

@testable import Chat

final class ChatEntryPointTests: XCTestCase {
    func test_appDidOpen_keepsBubbleHiddenWithoutPreparingOnNoConnectivity() async {
        let (sut, preparer, view) = makeSUT(connected: false)

        await sut.appDidOpen()

        XCTAssertEqual(view.displayed, [ChatBubblePresenter.hidden])
        XCTAssertEqual(preparer.prepareCallCount, 0)
    }

    func test_appDidOpen_showsConnectingThenReadyOnPrepareSuccess() async {
        let (sut, preparer, view) = makeSUT(connected: true)
        preparer.results = [.success(())]

        await sut.appDidOpen()

        XCTAssertEqual(view.displayed.map(\.state), [.connecting, .ready])
        XCTAssertEqual(view.displayed.first?.message, "Connecting you to an agent…")
        XCTAssertEqual(view.displayed.last?.opensConversation, true)
    }

    func test_appDidOpen_showsFailureNamingCauseWithRetryOnPrepareError() async {
        let (sut, preparer, view) = makeSUT(connected: true)
        preparer.results = [.failure(.loginFailed)]

        await sut.appDidOpen()

        let last = view.displayed.last
        XCTAssertEqual(last?.state, .failed)
        XCTAssertEqual(last?.showsRetry, true)
        XCTAssertEqual(last?.opensConversation, false)
        XCTAssertEqual(last?.message, "Chat is unavailable: you could not be signed in to the chat service. Tap Retry to try again.")
    }

    func test_bubbleTapped_showsTheConversationOnReadyChat() async {
        let conversation = ConversationSpy()
        let (sut, preparer, _) = makeSUT(connected: true, conversation: conversation)
        preparer.results = [.success(())]
        await sut.appDidOpen()

        sut.bubbleTapped()

        XCTAssertEqual(conversation.showCallCount, 1)
    }

    func test_bubbleTapped_showsNothingOnFailedChat() async {
        let conversation = ConversationSpy()
        let (sut, preparer, _) = makeSUT(connected: true, conversation: conversation)
        preparer.results = [.failure(.loginFailed)]
        await sut.appDidOpen()

        sut.bubbleTapped()

        XCTAssertEqual(conversation.showCallCount, 0)
    }

    func test_bubbleTapped_showsNothingBeforeTheAppOpened() {
        let conversation = ConversationSpy()
        let (sut, _, _) = makeSUT(connected: true, conversation: conversation)

        sut.bubbleTapped()

        XCTAssertEqual(conversation.showCallCount, 0)
    }

    func test_retry_preparesAgainAndShowsReadyOnSuccess() async {
        let (sut, preparer, view) = makeSUT(connected: true)
        preparer.results = [.failure(.failedFetchAppId), .success(())]

        await sut.appDidOpen()
        await sut.retry()

        XCTAssertEqual(view.displayed.map(\.state), [.connecting, .failed, .connecting, .ready])
        XCTAssertEqual(preparer.prepareCallCount, 2)
    }

    func test_retry_isIgnoredWhileAlreadyConnecting() async {
        let (sut, preparer, view) = makeSUT(connected: true)
        preparer.results = [.success(())]
        preparer.onPrepare = { await sut.retry() }

        await sut.appDidOpen()

        XCTAssertEqual(preparer.prepareCallCount, 1)
        XCTAssertEqual(view.displayed.map(\.state), [.connecting, .ready])
    }

    func test_failureMessage_isDistinctForEveryCause() {
        let causes: [ChatPrepareError] = [.failedFetchAppId, .failedFetchToken, .signInExpired, .chatNotOffered, .initFailed, .loginFailed]
        XCTAssertEqual(Set(causes.map(ChatBubblePresenter.failureMessage(for:))).count, causes.count)
    }

    // MARK: - Helpers

    private func makeSUT(connected: Bool, conversation: ConversationSpy? = nil, file: StaticString = #filePath, line: UInt = #line) -> (
        ChatEntryPoint, PreparerStub, BubbleViewSpy
    ) {
        let preparer = PreparerStub()
        let view = BubbleViewSpy()
        let sut = ChatEntryPoint(preparer: preparer, isConnected: { connected }, view: view, conversation: conversation)
        addTeardownBlock { [weak sut] in XCTAssertNil(sut, file: file, line: line) }
        return (sut, preparer, view)
    }

    private final class ConversationSpy: ChatConversation {
        private(set) var showCallCount = 0

        func showConversation() { showCallCount += 1 }
    }

    private final class PreparerStub: ChatPreparing {
        var results: [Result<Void, ChatPrepareError>] = []
        var onPrepare: (() async -> Void)?
        private(set) var prepareCallCount = 0
        func prepare() async throws(ChatPrepareError) {
            prepareCallCount += 1
            if let onPrepare {
                self.onPrepare = nil
                await onPrepare()
            }
            try results.removeFirst().get()
        }
    }

    private final class BubbleViewSpy: ChatBubbleView {
        private(set) var displayed: [ChatBubbleViewModel] = []
        func display(_ viewModel: ChatBubbleViewModel) { displayed.append(viewModel) }
    }
}
