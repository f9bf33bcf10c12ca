import DomainTestSupport
import XCTest

@testable import Chat

final class OfflineHistoryFailuresUseCaseTests: XCTestCase {
    func test_getHistory_asksAgainAfterOneThenTwoSecondsWhileTheServerIsNotReady() async throws {
        let (sut, service, waits) = makeSUT()
        service.historyResults = [
            .failure(ChatServiceError(code: "server-not-ready")), .failure(ChatServiceError(code: "server-not-ready")),
            .success(OfflineHistoryPage(revision: "1", chats: [OfflineChat(id: "c", createdAt: date)], messages: [])),
        ]

        try await sut.getHistory()

        XCTAssertEqual(sut.chats.map(\.id), ["c"])
        XCTAssertEqual(waits.values, [1, 2])
    }

    func test_getHistory_failsWithServerNotReadyAfterThreeTries() async {
        let (sut, service, _) = makeSUT()
        service.historyResults = Array(repeating: .failure(ChatServiceError(code: "server-not-ready")), count: 3)

        await expectHistory(of: sut, toFailWith: .serverNotReady)
        XCTAssertEqual(service.messages.count, 3)
    }

    func test_getHistory_failsWithoutRetryOnAFatalHTTPError() async {
        let (sut, service, waits) = makeSUT()
        service.historyResults = [.failure(ChatServiceHTTPError(statusCode: 500))]

        await expectHistory(of: sut, toFailWith: .fatalServerError(statusCode: 500))
        XCTAssertEqual(service.messages.count, 1)
        XCTAssertEqual(waits.values, [])
    }

    func test_getHistory_marksAChatUnreadOnANewOperatorMessageOnly() async throws {
        let (sut, service, _) = makeSUT()
        let chats = [OfflineChat(id: "answered", createdAt: date), OfflineChat(id: "own", createdAt: date)]
        service.historyResults = [
            .success(
                OfflineHistoryPage(
                    revision: "1", chats: chats,
                    messages: [
                        OfflineMessage(id: "m1", chatId: "answered", kind: .operator, text: "Hi", date: date),
                        OfflineMessage(id: "m2", chatId: "own", kind: .visitor, text: "Hello", date: date),
                    ]))
        ]

        try await sut.getHistory()

        XCTAssertEqual(sut.unreadChats.map(\.id), ["answered"])
    }

    // MARK: - Helpers

    private let date = Date(timeIntervalSince1970: 1_800_000_000)

    private final class WaitRecorder { var values: [TimeInterval] = [] }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (OfflineSession, OfflineChatServiceSpy, WaitRecorder) {
        let service = OfflineChatServiceSpy()
        let waits = WaitRecorder()
        let sut = OfflineSession(
            token: "visitor", service: service, cache: InMemoryOfflineHistoryCache(),
            wait: { [waits] in waits.values.append($0) })
        addTeardownBlock { [weak sut, weak service] in
            XCTAssertNil(sut, "OfflineSession should have been deallocated", file: file, line: line)
            XCTAssertNil(service, file: file, line: line)
        }
        return (sut, service, waits)
    }

    private func expectHistory(
        of sut: OfflineSession, toFailWith expected: SessionError, file: StaticString = #filePath, line: UInt = #line
    ) async {
        do {
            try await sut.getHistory()
            XCTFail("Expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, file: file, line: line)
        }
    }
}
