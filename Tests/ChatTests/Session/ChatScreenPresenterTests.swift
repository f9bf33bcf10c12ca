import XCTest

@testable import Chat

final class ChatScreenPresenterTests: XCTestCase {
    private let anna = SessionOperator(id: "op-7", name: "Anna")

    func test_map_showsNoChatButOffersToStartWhenOperatorsAreOnline() {
        let viewModel = map(chat: nil, status: .online)

        XCTAssertFalse(viewModel.isChatVisible)
        XCTAssertNil(viewModel.title)
        XCTAssertTrue(viewModel.canStartChat)
        XCTAssertNil(viewModel.availabilityNotice)
        XCTAssertFalse(viewModel.canSendMessages)
    }

    func test_map_explainsWhyNoChatCanStartOnOtherStatuses() {
        XCTAssertEqual(
            map(chat: nil, status: .busyOnline).availabilityNotice, "All operators are busy and the queue is full: try again later.")
        XCTAssertEqual(map(chat: nil, status: .offline).availabilityNotice, "No operator is online: leave an offline message instead.")
        XCTAssertFalse(map(chat: nil, status: .busyOffline).canStartChat)
    }

    func test_map_titlesChatByState() {
        XCTAssertEqual(map(chat: SessionChat(id: "c", state: .queue), status: .online).title, "Waiting for an operator…")
        XCTAssertEqual(map(chat: SessionChat(id: "c", state: .chatting, operator: anna), status: .online).title, "Chatting with Anna")
        XCTAssertEqual(
            map(chat: SessionChat(id: "c", state: .closedByOperator, operator: anna), status: .online).title, "Anna closed the chat")
    }

    func test_map_hidesChatInStatesThatAreNotShown() {
        let viewModel = map(chat: SessionChat(id: "c", state: .closedByVisitor, messages: [message(.visitor, "Hi")]), status: .online)

        XCTAssertFalse(viewModel.isChatVisible)
        XCTAssertEqual(viewModel.messages, [])
        XCTAssertTrue(viewModel.canStartChat)
    }

    func test_map_namesAuthorsOfMessagesAndDescribesAttachments() {
        let file = SessionFile(name: "invoice.pdf", mimeType: "application/pdf", size: 5_120, url: nil)
        let chat = SessionChat(
            id: "c", state: .chatting,
            messages: [
                message(.visitor, "Hi"),
                message(.operator, "Hello", sender: anna),
                message(.operator, "From history"),
                message(.system, "Anna joined"),
                message(.fileFromOperator, "invoice.pdf", sender: anna, file: file),
            ], operator: anna)

        XCTAssertEqual(
            map(chat: chat, status: .online).messages,
            [
                .init(author: "You", text: "Hi", attachment: nil),
                .init(author: "Anna", text: "Hello", attachment: nil),
                .init(author: "Operator", text: "From history", attachment: nil),
                .init(author: "System", text: "Anna joined", attachment: nil),
                .init(author: "Anna", text: "invoice.pdf", attachment: "invoice.pdf (5 KB)"),
            ])
    }

    func test_map_showsTypingIndicatorWithOperatorName() {
        let chat = SessionChat(id: "c", state: .chatting, operator: anna)
        XCTAssertEqual(map(chat: chat, status: .online, typing: true).typingIndicator, "Anna is typing…")
        XCTAssertNil(map(chat: chat, status: .online, typing: false).typingIndicator)
    }

    func test_map_showsBannerAndDisablesSendingWhileDisconnected() {
        let viewModel = map(chat: SessionChat(id: "c", state: .chatting, operator: anna), status: .online, connection: .disconnected)

        XCTAssertEqual(viewModel.connectionBanner, "No connection: messages can't be sent until it is back.")
        XCTAssertFalse(viewModel.canSendMessages)
        XCTAssertFalse(viewModel.canRateOperator)
    }

    func test_size_isWrittenInBytesKBOrMB() {
        XCTAssertEqual(ChatScreenPresenter.size(1), "1 byte")
        XCTAssertEqual(ChatScreenPresenter.size(512), "512 bytes")
        XCTAssertEqual(ChatScreenPresenter.size(2_048), "2 KB")
        XCTAssertEqual(ChatScreenPresenter.size(1_048_576), "1 MB")
        XCTAssertEqual(ChatScreenPresenter.size(1_572_864), "1.5 MB")
    }

    // MARK: - Helpers

    private func map(
        chat: SessionChat?, status: SessionOnlineStatus?, connection: SessionConnectionStatus = .connected,
        typing: Bool = false
    ) -> ChatScreenViewModel {
        ChatScreenPresenter.map(chat: chat, onlineStatus: status, connection: connection, isOperatorTyping: typing)
    }

    private func message(_ kind: SessionMessage.Kind, _ text: String, sender: SessionOperator? = nil, file: SessionFile? = nil)
        -> SessionMessage
    {
        SessionMessage(
            id: UUID().uuidString, kind: kind, text: text, date: Date(timeIntervalSince1970: 0),
            senderUID: sender?.id, senderName: sender?.name, senderAvatarURL: sender?.avatarURL, file: file)
    }
}
