import XCTest

@testable import Chat

final class SessionUnreadUseCaseTests: XCTestCase {
    func test_messageReceived_marksTheChatUnreadOnAnOperatorMessageOnly() async throws {
        let (sut, service) = try await makeStartedSUTWithChat()

        service.push(.messageReceived(message("v", kind: .visitor)))
        XCTAssertEqual(sut.chat?.hasUnreadMessages, false)

        service.push(.messageReceived(message("o", kind: .operator)))
        XCTAssertEqual(sut.chat?.hasUnreadMessages, true)
    }

    func test_markChatRead_tellsTheServiceAndClearsTheFlag() async throws {
        let (sut, service) = try await makeStartedSUTWithChat()
        service.push(.messageReceived(message("o", kind: .fileFromOperator)))

        try await sut.markChatRead()

        XCTAssertEqual(service.performedRequests.last, .markChatRead)
        XCTAssertEqual(sut.chat?.hasUnreadMessages, false)
    }

    func test_chatReadByVisitor_clearsTheFlag() async throws {
        let (sut, service) = try await makeStartedSUTWithChat()
        service.push(.messageReceived(message("o", kind: .operator)))

        service.push(.chatReadByVisitor)

        XCTAssertEqual(sut.chat?.hasUnreadMessages, false)
    }

    func test_sessionFile_keepsTheImageSizeOfImagesOnly() {
        let size = SessionImageSize(width: 800, height: 600)

        XCTAssertEqual(SessionFile(name: "a.png", mimeType: "image/png", size: 1, url: nil, imageSize: size).imageSize, size)
        XCTAssertNil(SessionFile(name: "a.pdf", mimeType: "application/pdf", size: 1, url: nil, imageSize: size).imageSize)
    }

    func test_attachment_showsTheImageSizeBeforeTheFileSize() {
        let file = SessionFile(
            name: "a.png", mimeType: "image/png", size: 2048, url: nil,
            imageSize: SessionImageSize(width: 10, height: 20))

        XCTAssertEqual(ChatScreenPresenter.attachment(file), "a.png (10×20, 2 KB)")
    }

    // MARK: - Helpers

    private func makeStartedSUTWithChat(file: StaticString = #filePath, line: UInt = #line) async throws -> (
        ChatSession, RealtimeChatServiceSpy
    ) {
        let service = RealtimeChatServiceSpy()
        let sut = ChatSession(
            configuration: SessionConfiguration(accountName: "demo", location: "mobile"),
            service: service, onEvent: { _ in })
        addTeardownBlock { [weak sut, weak service] in
            XCTAssertNil(sut, "ChatSession should have been deallocated", file: file, line: line)
            XCTAssertNil(service, "Service should have been deallocated", file: file, line: line)
        }
        try await sut.start()
        service.push(.chatStarted(SessionChat(id: "c", state: .chatting), clientSideId: nil))
        return (sut, service)
    }

    private func message(_ id: String, kind: SessionMessage.Kind) -> SessionMessage {
        SessionMessage(id: id, kind: kind, text: id, date: Date(timeIntervalSince1970: 0))
    }
}
