import DomainTestSupport
import XCTest

@testable import Chat

final class SessionTypingUseCaseTests: XCTestCase {
    func test_setComposingMessage_sendsTypingAndDraftAtOnceTheFirstTime() async throws {
        let (sut, service, _, _) = try await makeStartedSUT()

        try await sut.setComposingMessage(true, draft: "Hel")

        XCTAssertEqual(typingRequests(service), [.setComposing(isComposing: true, draft: "Hel")])
    }

    func test_setComposingMessage_holdsBackUpdatesWithinTwoSecondsAndSendsTheLatestLater() async throws {
        let (sut, service, clock, timer) = try await makeStartedSUT()
        try await sut.setComposingMessage(true, draft: "H")

        clock.now += 1
        try await sut.setComposingMessage(true, draft: "He")
        try await sut.setComposingMessage(true, draft: "Hel")
        XCTAssertEqual(typingRequests(service).count, 1)
        XCTAssertEqual(timer.pendingActions, 1)

        clock.now += 1
        await timer.advance(by: 1)
        XCTAssertEqual(typingRequests(service).last, .setComposing(isComposing: true, draft: "Hel"))
        XCTAssertEqual(typingRequests(service).count, 2)
    }

    func test_setComposingMessage_deletesTheDraftOnAnEmptyDraftAfterANonEmptyOne() async throws {
        let (sut, service, clock, _) = try await makeStartedSUT()
        try await sut.setComposingMessage(true, draft: "Hel")

        clock.now += 2
        try await sut.setComposingMessage(false, draft: "")

        XCTAssertEqual(typingRequests(service).last, .setComposing(isComposing: false, draft: ""))
    }

    func test_setComposingMessage_sendsNoDraftWhenItDidNotChange() async throws {
        let (sut, service, clock, _) = try await makeStartedSUT()
        try await sut.setComposingMessage(true, draft: "Hel")

        clock.now += 2
        try await sut.setComposingMessage(true, draft: "Hel")

        XCTAssertEqual(typingRequests(service).last, .setComposing(isComposing: true, draft: nil))
    }

    func test_heldBackTyping_isNotSentAfterTheSessionStopped() async throws {
        let (sut, service, clock, timer) = try await makeStartedSUT()
        try await sut.setComposingMessage(true, draft: "H")
        try await sut.setComposingMessage(true, draft: "He")

        sut.stop()
        clock.now += 2
        await timer.advance(by: 2)

        XCTAssertEqual(typingRequests(service).count, 1)
    }

    // MARK: - Helpers

    private final class Clock { var now = Date(timeIntervalSince1970: 1_800_000_000) }

    private func makeStartedSUT(file: StaticString = #filePath, line: UInt = #line) async throws
        -> (ChatSession, RealtimeChatServiceSpy, Clock, ManualSessionTimer)
    {
        let service = RealtimeChatServiceSpy()
        let clock = Clock()
        let timer = ManualSessionTimer()
        let sut = ChatSession(
            configuration: SessionConfiguration(accountName: "demo", location: "mobile"),
            service: service, currentDate: { [clock] in clock.now }, timer: timer, onEvent: { _ in })
        addTeardownBlock { [weak sut, weak service] in
            XCTAssertNil(sut, "ChatSession should have been deallocated", file: file, line: line)
            XCTAssertNil(service, "Service should have been deallocated", file: file, line: line)
        }
        try await sut.start()
        service.push(.chatStarted(SessionChat(id: "c", state: .chatting), clientSideId: nil))
        return (sut, service, clock, timer)
    }

    private func typingRequests(_ service: RealtimeChatServiceSpy) -> [SessionRequest] {
        service.performedRequests.filter { if case .setComposing = $0 { true } else { false } }
    }
}
